/** An application id that does not exist (or is not a UUID). */
export default function ApplicationNotFound() {
  return (
    <section className="notice" aria-labelledby="nf-title">
      <h1 id="nf-title">No such application</h1>
      <p>
        There is no certification application with this id. Check the link, or <a href="/certify">apply again</a>.
      </p>
    </section>
  );
}
