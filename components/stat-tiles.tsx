/** Registry numbers as labelled tiles: the label is text, the number large. */
export function StatTiles({ items }: { items: { label: string; value: string | number }[] }) {
  return (
    <dl className="stat-tiles">
      {items.map((item) => (
        <div key={item.label} className="stat-tile">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
