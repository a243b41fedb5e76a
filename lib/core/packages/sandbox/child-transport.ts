import type { ChildProcess } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * An MCP client transport over the stdin and stdout of a process someone
 * else spawned and will end. The SDK's StdioClientTransport spawns the
 * process itself, so it cannot put it in a process group of its own, hand
 * it extra fds (the monitor's) or report how it ended; this one only talks.
 *
 * stdout is untrusted and bounded: one message at most `maxLineBytes` and the
 * whole stream at most `maxTotalBytes`; past either the transport reports
 * the overflow and stops listening. A line that is not JSON-RPC is counted
 * and skipped, as the SDK's own transport does.
 */
export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Lines of stdout that were not JSON-RPC. */
  garbageLines = 0;
  /** Why stdout stopped being read, when it overflowed. */
  overflow: string | null = null;

  private readonly buffer: ReadBuffer;
  private received = 0;
  private closed = false;

  constructor(
    private readonly child: ChildProcess,
    private readonly maxLineBytes: number,
    private readonly maxTotalBytes: number,
  ) {
    this.buffer = new ReadBuffer({ maxBufferSize: maxLineBytes });
    // From the start: a server can be gone before the client connects.
    child.once("close", () => this.finish());
  }

  async start(): Promise<void> {
    const { stdout, stdin } = this.child;
    if (this.closed || !stdout || !stdin) throw new Error("the server process is gone");
    stdout.on("data", this.onData);
    stdin.on("error", (error: Error) => this.onerror?.(error));
  }

  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > this.maxTotalBytes) return this.stop(`the server wrote more than ${this.maxTotalBytes} bytes to stdout`);
    try {
      this.buffer.append(chunk);
    } catch {
      return this.stop(`the server wrote a stdout line longer than ${this.maxLineBytes} bytes`);
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch {
        this.garbageLines++;
        continue;
      }
      if (message === null) break;
      this.onmessage?.(message);
    }
  };

  private stop(reason: string): void {
    this.overflow = reason;
    this.child.stdout?.off("data", this.onData);
    this.child.stdout?.resume();
    this.buffer.clear();
    this.onerror?.(new Error(reason));
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child.stdin;
    if (this.closed || !stdin || stdin.destroyed) throw new Error("the server process is gone");
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Stops talking. Leaves stdin open: a server that exits on end of input
   * would look as if it had ended on its own; ending it is the owner's job.
   */
  async close(): Promise<void> {
    this.child.stdout?.off("data", this.onData);
    this.finish();
  }
}
