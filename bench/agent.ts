// npm run bench -- agent [--messages=100]: the AI agent's time to first token, through the real chat server.
// A visitor's message to an agent (with a knowledge base, answered without a search) on `npm run chat-server`:
// POST continueChat, then POST streamMessage, timed from the message sent to the first streamed piece of the
// answer received (the visitor's TTFT), beside the provider's own time to first token measured at the provider:
// the local OpenAI-protocol server, which waits FIRST_TOKEN_MS before its first token, from the request's
// arrival to its first text event written. The overhead is the difference, message by message. Bounded: at
// most --messages measured messages (after WARMUP unmeasured ones) and MAX_MEASURE_MS. The client then sends
// the streamed text back (continueChat), as the widget does; that request is not timed.
// Each figure is printed with the load average when it was measured.
import { loadavg } from "node:os";
import path from "node:path";
import { startEphemeralPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { benchChatServerEnv } from "./chat/benchChatServerEnv";
import { commands, projectRoot, startServer, stopServer, waitUntilListening } from "./chat/benchProcesses";
import { type BenchFigure, latencyFigure, percentile, recordFigures } from "./lib/results";

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const MESSAGES = option("messages", 100);
const WARMUP = 10;
/** Messages per chat session before the next one starts (the agent's conversation stays short). */
const MESSAGES_PER_SESSION = 10;
const MAX_MEASURE_MS = 120_000;
/** The provider's own time to first token. */
const FIRST_TOKEN_MS = 200;
const PORT = 3921;
const apiKey = "sk-bench-agent";
const ANSWER = "Returns are free within 30 days of delivery.";

const postgres = await startEphemeralPostgres();
try {
  await applyMigrations(postgres.connectionString);
  const serverEnv = benchChatServerEnv(postgres.connectionString, {
    CHAT_SERVER_PORT: String(PORT),
    // The chat server reaches the local provider on the loopback address.
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
  });
  const { createId, getPrisma } = await import("@parley/db");
  const { seedPublishedBot, seedWorkspace } = await import("@parley/chat/testing/seedPublishedBot");
  const { group, startEdge, startEvent } = await import("@parley/chat/testing/testFlows");
  const { createWorkspaceCredentials } = await import(
    "@parley/integrations/credentials/workspaceCredentials"
  );
  const { indexKnowledgeSource } = await import("@parley/integrations/knowledge/indexKnowledgeSource");
  const { startFakeOpenAiServer } = await import("@parley/integrations/testing/openAiProtocolServer");
  const prisma = getPrisma();
  const provider = await startFakeOpenAiServer(apiKey);
  provider.setFirstTokenDelay(FIRST_TOKEN_MS);
  provider.setReply(ANSWER);
  const load = () => loadavg()[0]?.toFixed(1) ?? "?";
  const server = startServer(
    "chat-server",
    commands.tsx(path.join(projectRoot, "scripts", "chatServer.ts")),
    PORT,
    serverEnv,
  );
  try {
    const workspaceId = await seedWorkspace(prisma);
    const credentials = await createWorkspaceCredentials(prisma, workspaceId, {
      type: "openai",
      name: "Local provider",
      data: { apiKey, baseUrl: `${provider.origin}/v1` },
    });
    const base = await prisma.knowledgeBase.create({
      data: {
        id: createId(),
        workspaceId,
        name: "Help centre",
        credentialsId: credentials.id,
        embeddingModel: "text-embedding-3-small",
      },
    });
    const source = await prisma.knowledgeSource.create({
      data: {
        id: createId(),
        knowledgeBaseId: base.id,
        type: "text",
        name: "Returns policy",
        text: "# Returns\n\nShoes can be returned within 30 days of delivery, free of charge.",
      },
    });
    const indexed = await indexKnowledgeSource(prisma, source.id, { allowList: ["127.0.0.1"] });
    if (indexed !== "ready") throw new Error(`the knowledge source was not indexed: ${indexed}`);
    const bot = await seedPublishedBot(prisma, workspaceId, {
      events: [startEvent],
      groups: [
        group("g-agent", [
          {
            id: "b-agent",
            type: "AI agent",
            items: [],
            options: {
              provider: "openai",
              credentialsId: credentials.id,
              model: "model-agent",
              instructions: "You are Acme's support agent.",
              knowledgeBaseIds: [base.id],
            },
          },
        ]),
      ],
      edges: [startEdge("g-agent")],
      variables: [],
    });
    await waitUntilListening(server);

    const post = async (pathname: string, body: unknown) =>
      fetch(`${server.baseUrl}/api/v1${pathname}`, {
        method: "POST",
        headers: { authorization: `Bearer ${bot.chatKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const startSession = async () => {
      const response = await post(`/bots/${bot.publicId}/startChat`, { isStreamEnabled: true });
      if (response.status !== 200) throw new Error(`startChat answered ${response.status}`);
      return String(((await response.json()) as { sessionId: string }).sessionId);
    };
    /** One message: the visitor's TTFT and the provider's own, in ms. */
    const sendMessage = async (sessionId: string, message: string) => {
      const requestsBefore = provider.requests.length;
      const sentAt = performance.now();
      const turn = await post(`/sessions/${sessionId}/continueChat`, { message });
      const body = (await turn.json()) as { clientSideActions?: { type: string }[] };
      const continuedAt = performance.now();
      if (turn.status !== 200 || !body.clientSideActions?.some((action) => action.type === "stream"))
        throw new Error(
          `continueChat answered ${turn.status} without a stream action: ${JSON.stringify(body)}`,
        );
      const stream = await post(`/sessions/${sessionId}/streamMessage`, {});
      if (stream.status !== 200 || !stream.body) throw new Error(`streamMessage answered ${stream.status}`);
      const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      let firstTokenAt: number | null = null;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (firstTokenAt === null && value.trim() !== "") firstTokenAt = performance.now();
        text += value;
      }
      if (firstTokenAt === null || text.trim() !== ANSWER) throw new Error(`unexpected answer: ${text}`);
      const completion = provider.requests
        .slice(requestsBefore)
        .find((request) => request.path.endsWith("/chat/completions"));
      if (completion?.firstTextAt === undefined) throw new Error("the provider streamed no text");
      // The streamed text goes back as the client's reply (not timed).
      const reply = await post(`/sessions/${sessionId}/continueChat`, { message: text });
      if (reply.status !== 200) throw new Error(`the streamed reply answered ${reply.status}`);
      await reply.arrayBuffer();
      return {
        visitor: firstTokenAt - sentAt,
        provider: completion.firstTextAt - completion.receivedAt,
        phases: {
          continueChat: continuedAt - sentAt,
          streamMessageToProvider: completion.receivedAt - continuedAt,
          providerToVisitor: firstTokenAt - completion.firstTextAt,
        },
      };
    };

    const visitor: number[] = [];
    const own: number[] = [];
    const overhead: number[] = [];
    const phases: Record<string, number[]> = {
      continueChat: [],
      streamMessageToProvider: [],
      providerToVisitor: [],
    };
    const loads: string[] = [load()];
    const started = performance.now();
    let sessionId = "";
    for (let index = 0; index < WARMUP + MESSAGES; index++) {
      if (index % MESSAGES_PER_SESSION === 0) sessionId = await startSession();
      const measured = await sendMessage(sessionId, `Can I return my shoes? (${index})`);
      if (index < WARMUP) continue;
      visitor.push(measured.visitor);
      own.push(measured.provider);
      overhead.push(measured.visitor - measured.provider);
      for (const [name, value] of Object.entries(measured.phases)) phases[name]?.push(value);
      if (performance.now() - started > MAX_MEASURE_MS) break;
    }
    loads.push(load());
    for (const values of [visitor, own, overhead, ...Object.values(phases)]) values.sort((a, b) => a - b);
    const line = (name: string, values: number[]) =>
      `${name}: p50 ${percentile(values, 50).toFixed(1)} ms / p95 ${percentile(values, 95).toFixed(1)} ms`;
    console.log(
      `${visitor.length} messages (first-token delay of the provider ${FIRST_TOKEN_MS} ms; load average ${loads.join(" -> ")})`,
    );
    console.log(line("visitor's time to first token (continueChat + streamMessage)", visitor));
    console.log(line("provider's own time to first token", own));
    console.log(line("overhead (visitor's - provider's, per message)", overhead));
    // Where the overhead goes: the continueChat round trip, from its answer to the provider's request (the
    // streamMessage request, the session's read, the agent's start), and from the provider's first token to
    // the visitor's (relayed by the chat server).
    console.log(line("  continueChat (message sent -> answer received)", phases.continueChat ?? []));
    console.log(line("  -> provider's request received", phases.streamMessageToProvider ?? []));
    console.log(line("  provider's first token -> visitor's", phases.providerToVisitor ?? []));
    const figures: BenchFigure[] = [
      latencyFigure("agent.ttft.visitor.p50", percentile(visitor, 50), percentile(own, 50)),
      latencyFigure("agent.ttft.visitor.p95", percentile(visitor, 95), percentile(own, 95)),
      latencyFigure("agent.ttft.overhead.p50", percentile(overhead, 50), null),
      latencyFigure("agent.ttft.overhead.p95", percentile(overhead, 95), null),
    ];
    recordFigures(figures, { replacing: "agent." });
  } finally {
    await stopServer(server);
    await provider.close();
  }
} finally {
  await postgres.stop();
}
