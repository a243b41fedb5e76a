import { describe, expect, it } from "vitest";
import { calibrateThreshold, quantise, serverScore, trainEnsemble, type TrainingServer } from "@/scripts/train-detection/train-model";

/**
 * The trainer of the learned directive model (scripts/train-detection/train-model.ts) on a toy corpus whose answer is
 * known: poisoned servers carry one sentence with bucket 7 among ordinary ones, honest servers never do.
 */
const OPTIONS = { bits: 6, seed: 3, ensemble: 2, rounds: 2, l2: 1e-3, poisonedWeight: 2 };

function toyServers(count: number, group: (i: number) => string): TrainingServer[] {
  const servers: TrainingServer[] = [];
  for (let i = 0; i < count; i++) {
    const ordinary = [Uint32Array.from([1 + (i % 5), 10 + (i % 3)]), Uint32Array.from([20 + (i % 4), 30])];
    const poisoned = i % 2 === 0;
    const sentences = poisoned ? [...ordinary, Uint32Array.from([7, 40 + (i % 6)])] : ordinary;
    servers.push({ id: `s${i}`, group: group(i), poisoned, sentences, candidate: sentences.map(() => true) });
  }
  return servers;
}

describe("training the learned directive model", () => {
  it("finds the poisoned sentence without being told which it is, and ranks poisoned servers above honest ones", () => {
    const servers = toyServers(60, (i) => `file-${i % 4}`);
    const model = trainEnsemble(servers, OPTIONS);
    expect(model.weights[7]).toBeGreaterThan(Math.max(...Array.from(model.weights).filter((_, i) => i !== 7)));
    const lowestPoisoned = Math.min(...servers.filter((s) => s.poisoned).map((s) => serverScore(model, s)));
    const highestHonest = Math.max(...servers.filter((s) => !s.poisoned).map((s) => serverScore(model, s)));
    expect(lowestPoisoned).toBeGreaterThan(highestHonest);
  });

  it("is deterministic for a seed", () => {
    const servers = toyServers(30, (i) => `file-${i % 3}`);
    expect(Array.from(trainEnsemble(servers, OPTIONS).weights)).toEqual(Array.from(trainEnsemble(servers, OPTIONS).weights));
  });

  it("sets the threshold above held-out honest servers, never below the floor", () => {
    const servers = toyServers(60, (i) => `file-${i % 4}`);
    const { threshold, heldOutHonest } = calibrateThreshold(servers, OPTIONS, 4, 0, -100);
    expect(heldOutHonest).toHaveLength(30);
    expect(heldOutHonest.every((z) => z < threshold)).toBe(true);
    expect(calibrateThreshold(servers, OPTIONS, 4, 0, 50).threshold).toBe(50);
  });

  it("quantises the weights to signed bytes within half a step", () => {
    const weights = Float32Array.from([0, 1.27, -0.635, 0.01]);
    const q = quantise({ weights, bias: 0.5 });
    const bytes = Buffer.from(q.weights, "base64");
    const back = Array.from(bytes, (b) => ((b << 24) >> 24) * q.scale);
    back.forEach((w, i) => expect(Math.abs(w - weights[i])).toBeLessThanOrEqual(q.scale / 2 + 1e-9));
    expect(q.bias).toBe(0.5);
  });
});
