import { textInputBlock } from "@parley/schemas";
/**
 * An example request and 200 answer for every operation of the API document, keyed by operationId (and for every
 * result webhook, keyed by event). createOpenApiDocument puts them on the operations; openApiExamples.test.ts
 * checks that each operation has one and that it is valid against the operation's schemas. A new endpoint
 * adds its entry here.
 */
export interface OperationExample {
  /** Path, query and header parameters, by name. */
  parameters?: Record<string, unknown>;
  /** The request body, or one per content type with `bodyByType`. */
  body?: unknown;
  bodyByType?: Record<string, unknown>;
  /** The 200 answer's body, or one per content type with `responseByType`. */
  response?: unknown;
  responseByType?: Record<string, unknown>;
}

/** A language's translations as the export writes them (one text, translated and reviewed). */
const translationsXliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
  <file id="b7c9e1g3i5" original="Lead bot">
    <unit id="item:b2:i1:content">
      <notes><note category="location">Welcome · choice input · Item 1 · content</note></notes>
      <segment state="reviewed">
        <source xml:space="preserve">Yes</source>
        <target xml:space="preserve">Oui</target>
      </segment>
    </unit>
  </file>
</xliff>
`;
const translationsCsv =
  "key,group,block,field,source,target,status\r\nitem:b2:i1:content,Welcome,choice input,Item 1 · content,Yes,Oui,reviewed\r\n";

const ids = {
  workspace: "w8k2m4p6r8",
  user: "u3n5q7s9u1",
  otherUser: "u4p6r8t0v2",
  folder: "f2h4j6l8n0",
  bot: "b7c9e1g3i5",
  publishedBot: "p1r3t5v7x9",
  result: "r5t7v9x1z3",
  session: "s9u1w3y5a7",
  token: "t6v8x0z2b4",
  credentials: "c4e6g8i0k2",
  webhook: "h3j5l7n9p1",
  delivery: "d3f1c2a9b8",
  themeTemplate: "m1o3q5s7u9",
  knowledgeBase: "n2q4s6u8w0",
  knowledgeSource: "o5r7t9v1x3",
  invitation: "i8k0m2o4q6",
  inviteLink: "l9n1p3r5t7",
  conversation: "q2s4u6w8y0",
  message: "j7l9n1p3r5",
  file: "a6c8e0g2i4",
  startEvent: "e1start000000000000000001",
  group: "g1welcome0000000000000001",
  nameGroup: "g2name0000",
  textBlock: "k1text0000000000000000001",
  nameInput: "k2input000000000000000002",
  waitBlock: "k3webhook0000000000000003",
  abTest: "k4split000000000000000004",
  nameVariable: "v1name0000",
  sso: "y4a6c8e0g2",
  domain: "z5b7d9f1h3",
  userSession: "a6c8e0g2i4",
  identity: "x7z9b1d3f5",
};
const workspaceSso = {
  id: ids.sso,
  preset: "oidc",
  name: "Acme SSO",
  issuer: "https://login.acme.com",
  clientId: "parley",
  allowedDomains: ["acme.com"],
  isEnforced: true,
  signInUrl: `https://builder.example.com/api/auth/sso/ws-${ids.sso}`,
  callbackUrl: `https://builder.example.com/api/auth/sso/ws-${ids.sso}/callback`,
  updatedAt: "2026-11-22T10:00:00.000Z",
};
const workspaceDomain = {
  id: ids.domain,
  domain: "acme.com",
  verifiedAt: "2026-11-22T10:00:00.000Z",
  checkedAt: "2026-11-22T10:00:00.000Z",
  allowsJoining: true,
  txtRecord: { name: "_parley.acme.com", value: "parley-workspace=Jq3vT8mW2kQe7xR1bN5c" },
};
const created = "2026-11-22T10:00:00.000Z";
const pendingInvitation = {
  id: ids.invitation,
  email: "grace@example.com",
  role: "MEMBER",
  invitedBy: "ada@example.com",
  createdAt: created,
  expiresAt: "2026-11-29T10:00:00.000Z",
};
const inviteLink = {
  id: ids.inviteLink,
  role: "GUEST",
  createdAt: created,
  expiresAt: "2026-12-22T10:00:00.000Z",
  maxUses: 20,
  uses: 0,
};
const invitation = {
  ...pendingInvitation,
  url: "https://builder.example.com/invitations/Jq3v…",
  emailSent: true,
};
const updated = "2026-11-25T09:30:00.000Z";
const botCollaborator = {
  userId: ids.otherUser,
  email: "grace@example.com",
  name: "Grace",
  role: "EDITOR",
  createdAt: created,
};
const botInvitation = { ...pendingInvitation, role: "EDITOR" };

// Short on purpose: every example of a bot, a version or an export repeats them (the schemas say the rest).
const theme = { chat: { buttons: { backgroundColor: "#0042da" } } };
const settings = {
  general: { isBrandingEnabled: false },
  typingEmulation: { enabled: true, speed: 400, maxDelay: 3 },
  metadata: { title: "Lead bot" },
};
const flow = {
  events: [{ id: ids.startEvent, type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "ed1" }],
  groups: [
    {
      id: ids.group,
      title: "Welcome",
      graphCoordinates: { x: 320, y: 0 },
      blocks: [
        {
          id: ids.textBlock,
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi! What's your name?" }] }] },
        },
        {
          id: ids.nameInput,
          type: textInputBlock.type,
          options: { variableId: ids.nameVariable, labels: { placeholder: "Type your name…" } },
        },
      ],
    },
  ],
  edges: [{ id: "ed1", from: { eventId: ids.startEvent }, to: { groupId: ids.group } }],
  variables: [{ id: ids.nameVariable, name: "Name" }],
  theme,
  settings,
};
const botTest = {
  id: "greets-by-name",
  name: "Greets the visitor by name",
  steps: [
    { type: "messageContains", text: "What's your name?" },
    { type: "inputAsked", inputType: textInputBlock.type },
    { type: "text", text: "Ada" },
    { type: "variableEquals", variable: "Name", value: "Ada" },
  ],
  stubs: [],
};
const bot = {
  id: ids.bot,
  version: "6.1",
  name: "Lead bot",
  icon: null,
  folderId: ids.folder,
  workspaceId: ids.workspace,
  publicId: "lead-bot",
  customDomain: null,
  createdAt: created,
  updatedAt: updated,
  isArchived: false,
  isClosed: false,
  messagingCredentialsId: null,
  riskLevel: null,
  selectedThemeTemplateId: null,
  ...flow,
  resultsTablePreferences: null,
  // A bot's tests are shown by the tests' own operations (POST /bots/{botId}/tests/run); here none.
  tests: [],
};
// Where GET /bots/{botId} (the Bot response) shows a bot's flow, the other answers holding a whole bot or version
// show it without one (same shape, empty lists and objects): each copy would add a kilobyte to the document.
const withoutFlow = { events: [], groups: [], edges: [], variables: [], theme: {}, settings: {} };
const botWithoutFlow = { ...bot, ...withoutFlow };
const publishedBot = {
  id: ids.publishedBot,
  version: "6.1",
  botId: ids.bot,
  createdAt: updated,
  updatedAt: updated,
  ...flow,
  ...withoutFlow,
  lastActivityAt: "2026-11-25T10:00:00.000Z",
};
const workspace = {
  id: ids.workspace,
  createdAt: created,
  updatedAt: updated,
  name: "Acme support",
  icon: null,
  paymentId: null,
  settings: { retentionDays: 90, typebotCompatibility: false },
  isSuspended: false,
  isPastDue: false,
  isVerified: false,
  chatsHardLimit: null,
  lastActivityAt: updated,
  inactiveFirstEmailSentAt: null,
  inactiveSecondEmailSentAt: null,
};
const member = {
  userId: ids.otherUser,
  email: "grace@example.com",
  name: "Grace",
  role: "MEMBER",
  createdAt: updated,
};
const folder = {
  id: ids.folder,
  createdAt: created,
  updatedAt: created,
  name: "Marketing",
  parentFolderId: null,
  workspaceId: ids.workspace,
};
const answer = {
  blockId: ids.nameInput,
  groupId: ids.group,
  content: "Ada",
  attachedFileUrls: null,
  createdAt: "2026-11-25T09:59:40.000Z",
};
const result = {
  id: ids.result,
  createdAt: "2026-11-25T09:59:30.000Z",
  hasStarted: true,
  isCompleted: true,
  language: "fr",
  variables: [{ id: ids.nameVariable, name: "Name", value: "Ada" }],
  answers: [answer],
};
const versionSummary = {
  id: ids.publishedBot,
  version: 3,
  name: "Lead bot",
  createdAt: updated,
  author: { id: ids.user, name: "Ada", email: "ada@example.com" },
  isCurrent: true,
};
const customDomain = {
  domain: "chat.example.com",
  host: "chat.example.com",
  path: "",
  url: "https://chat.example.com",
  isVerified: true,
  verifiedAt: updated,
  checkedAt: updated,
  lastCheck: "VERIFIED",
  records: [
    {
      type: "TXT",
      name: "_parley.chat.example.com",
      value: "parley-verification=8f3a2c",
      purpose: "verification",
    },
    { type: "CNAME", name: "chat.example.com", value: "chat.parley.example.net", purpose: "routing" },
  ],
};
const chatKey = { key: "ck_4f9b2d7e1a6c3f8b5d2e9a7c", createdAt: updated };
const credentials = {
  id: ids.credentials,
  workspaceId: ids.workspace,
  type: "openai",
  name: "OpenAI (production)",
  createdAt: created,
  updatedAt: created,
};
const knowledgeBase = {
  id: ids.knowledgeBase,
  createdAt: created,
  updatedAt: created,
  workspaceId: ids.workspace,
  name: "Help centre",
  credentialsId: ids.credentials,
  embeddingModel: "text-embedding-3-small",
};
const knowledgeSource = {
  id: ids.knowledgeSource,
  createdAt: created,
  updatedAt: updated,
  knowledgeBaseId: ids.knowledgeBase,
  type: "text",
  name: "Returns policy",
  status: "ready",
  error: null,
  chunkCount: 2,
  lastIndexedAt: updated,
};
const pendingSource = { ...knowledgeSource, status: "pending", chunkCount: 0, lastIndexedAt: null };
const returnsText = "# Returns\n\nItems can be returned within 30 days of delivery for a full refund.";
const plan = {
  plan: "STARTER",
  includedChats: 2000,
  chatsHardLimit: null,
  priceCents: 3900,
  overageCentsPerChat: 1,
  currency: "usd",
  periodStart: "2026-11-01T00:00:00.000Z",
  periodEnd: "2026-12-01T00:00:00.000Z",
};
const adminWorkspace = {
  id: ids.workspace,
  name: "Acme",
  createdAt: "2026-11-01T00:00:00.000Z",
  plan: "STARTER",
  chatsHardLimit: 20000,
  hasOwnChatsHardLimit: false,
  chatsUsed: 1250,
  periodEnd: "2026-12-01T00:00:00.000Z",
  members: 3,
  bots: 4,
  heldBots: 0,
  isSuspended: false,
  isVerified: false,
};
const webhookSubscription = {
  id: ids.webhook,
  botId: ids.bot,
  url: "https://hooks.example.com/parley",
  events: ["result.completed"],
  enabled: true,
  previousSecretExpiresAt: null,
  createdAt: created,
};
/** A delivery just created by a test ping or a redelivery: waiting for its first attempt. */
function pendingDelivery(event: string, resultId: string | null, redeliveryOf: string | null) {
  return {
    id: "e5a7c9b1d3",
    event,
    resultId,
    redeliveryOf,
    status: "PENDING",
    attempts: 0,
    responseCode: null,
    error: null,
    createdAt: "2026-11-25T10:05:00.000Z",
    lastAttemptAt: null,
    nextAttemptAt: "2026-11-25T10:05:00.000Z",
    deliveredAt: null,
  };
}
const themeTemplate = {
  id: ids.themeTemplate,
  name: "Brand blue",
  theme,
  isBuiltIn: false,
  workspaceId: ids.workspace,
  createdAt: created,
  updatedAt: created,
};
const timeRange = { botId: ids.bot, timeFilter: "last7Days", timeZone: "Europe/Paris" };
const success = { message: "success" };
const canary = {
  version: 4,
  currentVersion: 3,
  percent: 10,
  startedAt: updated,
  autoRollback: { maxDropPoints: 5, minStarts: 200 },
};
const versionStats = (version: number, views: number, completed: number) => ({
  version,
  totalViews: views,
  totalStarts: Math.round(views * 0.7),
  totalCompleted: completed,
  completionRate: completed / views,
  averageDurationSeconds: 142.5,
  totalAnsweredByHuman: Math.round(views * 0.02),
  answeredByHumanRate: Math.round(views * 0.02) / views,
});
const greeting = {
  id: ids.textBlock,
  type: "text",
  content: { type: "richText", richText: [{ type: "p", children: [{ text: "Hi! What's your name?" }] }] },
};
const nameInput = {
  id: ids.nameInput,
  type: textInputBlock.type,
  options: { variableId: ids.nameVariable, labels: { placeholder: "Type your name…" } },
};
const startChatResponse = {
  sessionId: ids.session,
  resultId: ids.result,
  bot: {
    id: ids.bot,
    theme,
    settings: { general: settings.general, typingEmulation: settings.typingEmulation },
    publishedAt: updated,
  },
  messages: [greeting],
  input: nameInput,
  clientSideActions: [],
  logs: [],
};
const { resultId: _previewsHaveNoResult, ...previewStartChatResponse } = startChatResponse;
const { bot: _typebotNamesItTypebot, ...startChatRest } = startChatResponse;
const typebotStartChatResponse = { ...startChatRest, typebot: { version: "6.1", ...startChatResponse.bot } };
const continueChatResponse = {
  messages: [
    {
      id: "k4text0000000000000000004",
      type: "text",
      content: {
        type: "richText",
        richText: [{ type: "p", children: [{ text: "Nice to meet you, Ada!" }] }],
      },
    },
  ],
  clientSideActions: [],
  logs: [],
  progress: 100,
};
const webhookPayload = (event: string) => ({
  id: ids.delivery,
  event,
  createdAt: "2026-11-25T10:00:00.000Z",
  bot: { id: ids.bot, name: "Lead bot", publicId: "lead-bot" },
  result,
  values: { "Submitted at": result.createdAt, Name: "Ada" },
  ...(event === "answer.created" ? { answer } : {}),
});
const webhookHeaders = (event: string) => ({
  "X-Parley-Event": event,
  "X-Parley-Delivery-Id": ids.delivery,
  "X-Parley-Signature": "t=1795600800,v1=5f0c3e1b9a4d7c2e8f6a1b3d5c7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e",
  "User-Agent": "Parley-Webhooks/1.0",
});

const conversation = {
  id: ids.conversation,
  workspaceId: ids.workspace,
  botId: ids.bot,
  sessionId: ids.session,
  resultId: ids.result,
  channel: "web",
  status: "open",
  team: "Support",
  assigneeId: ids.user,
  resolution: null,
  language: "fr",
  summary: "Ada's shoes (order A-42) arrived damaged; she wants a refund, not a replacement.",
  createdAt: created,
  updatedAt: created,
  assignedAt: created,
  closedAt: null,
};
const agentMessage = {
  id: ids.message,
  author: "agent",
  userId: ids.user,
  text: "Hi Ada, I'm looking at your order.",
  isInternal: false,
  attachment: null,
  createdAt: created,
};

const attachment = {
  id: ids.file,
  name: "invoice-A-17.pdf",
  contentType: "application/pdf",
  size: 48_213,
  url: `http://localhost:3001/api/v1/files/public/${ids.workspace}/${ids.bot}/${ids.result}/${ids.file}/invoice-A-17.pdf`,
};

const conversationWebhookPayload = (event: string, fields: Record<string, unknown>) => ({
  id: ids.delivery,
  event,
  createdAt: created,
  bot: { id: ids.bot, name: "Lead bot", publicId: "lead-bot" },
  ...fields,
});

const botReplay = {
  id: "y2a4c6e8g0",
  botId: ids.bot,
  status: "done",
  limit: 500,
  total: 2,
  processed: 2,
  stoppedEarly: false,
  error: null,
  createdAt: created,
  startedAt: created,
  finishedAt: "2026-11-22T10:00:04.000Z",
  draftUpdatedAt: updated,
  summary: { samePath: 1, otherPath: 0, refused: 1, error: 0, notReplayable: 0 },
  groups: [
    {
      status: "refused",
      blockId: ids.nameInput,
      groupTitle: "Name",
      blockType: "email input",
      count: 1,
      resultIds: [ids.result],
    },
  ],
  conversations: [
    {
      resultId: ids.result,
      status: "refused",
      blockId: ids.nameInput,
      detail: "Ada",
      storedNextBlockId: null,
      draftNextBlockId: null,
      draftTranscript: [
        { role: "bot", blockId: ids.textBlock, text: "Welcome! Your e-mail?" },
        { role: "user", blockId: ids.nameInput, text: "Ada" },
      ],
    },
    {
      resultId: "r6u8w0y2a4",
      status: "samePath",
      blockId: null,
      detail: null,
      storedNextBlockId: null,
      draftNextBlockId: null,
      draftTranscript: [],
    },
  ],
};

export const operationExamples: Record<string, OperationExample> = {
  "inbox-listConversations": {
    parameters: { workspaceId: ids.workspace, status: "open", assignee: "me" },
    response: { conversations: [conversation], nextCursor: null },
  },
  "inbox-getConversation": {
    parameters: { conversationId: ids.conversation },
    response: {
      conversation: {
        ...conversation,
        messages: [agentMessage],
        variables: [{ name: "Name", value: "Ada" }],
      },
    },
  },
  "inbox-postConversationMessage": {
    parameters: { conversationId: ids.conversation },
    body: { message: { text: "Here is your invoice.", fileId: ids.file } },
    response: { message: { ...agentMessage, text: "Here is your invoice.", attachment } },
  },
  "inbox-uploadConversationFile": {
    parameters: { conversationId: ids.conversation, name: "invoice-A-17.pdf" },
    body: "%PDF-1.7 … (the file's bytes)",
    response: { file: attachment },
  },
  "inbox-assignConversation": {
    parameters: { conversationId: ids.conversation },
    body: { userId: ids.user },
    response: { conversation },
  },
  "inbox-closeConversation": {
    parameters: { conversationId: ids.conversation },
    body: { resolution: "refunded", resume: true },
    response: {
      conversation: { ...conversation, status: "closed", resolution: "refunded", closedAt: created },
    },
  },
  "inbox-listAgentPresence": {
    parameters: { workspaceId: ids.workspace },
    response: { presence: [{ userId: ids.user, status: "available", updatedAt: created }] },
  },
  "inbox-setAgentPresence": {
    parameters: { workspaceId: ids.workspace },
    body: { status: "available" },
    response: { presence: { userId: ids.user, status: "available", updatedAt: created } },
  },
  "apiTokens-listApiTokens": {
    response: {
      apiTokens: [
        {
          id: ids.token,
          name: "CI deploys",
          prefix: "bt_7Hq2",
          createdAt: created,
          lastUsedAt: updated,
          expiresAt: null,
          scopes: ["bots:read", "bots:write"],
          workspaceId: ids.workspace,
        },
      ],
    },
  },
  "apiTokens-createApiToken": {
    body: { name: "CI deploys", scopes: ["bots:read", "bots:write"], workspaceId: ids.workspace },
    response: {
      apiToken: {
        id: ids.token,
        name: "CI deploys",
        prefix: "bt_7Hq2",
        createdAt: created,
        lastUsedAt: null,
        expiresAt: null,
        scopes: ["bots:read", "bots:write"],
        workspaceId: ids.workspace,
        token: "bt_7Hq2xW9pL4sD1fG6hJ3kZ8cV5bN0mQ2rT7yU4iO1eA",
      },
    },
  },
  "apiTokens-revokeApiToken": { parameters: { tokenId: ids.token }, response: success },
  "account-listSessions": {
    response: {
      sessions: [
        {
          id: ids.userSession,
          createdAt: created,
          lastUsedAt: updated,
          expiresAt: "2026-12-22T10:00:00.000Z",
          method: `sso:ws-${ids.sso}`,
          ip: "203.0.113.7",
          userAgent:
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
          ssoProvider: `ws-${ids.sso}`,
          ssoProviderName: "Acme SSO",
          isCurrent: false,
        },
      ],
    },
  },
  "account-revokeSession": { parameters: { sessionId: ids.userSession }, response: success },
  "account-signOutOtherSessions": { response: { signedOutSessions: 2 } },
  "account-listIdentities": {
    response: {
      identities: [
        {
          id: ids.identity,
          provider: `ws-${ids.sso}`,
          providerName: "Acme SSO",
          createdAt: created,
          lastUsedAt: updated,
        },
      ],
    },
  },
  "account-unlinkIdentity": { parameters: { identityId: ids.identity }, response: success },
  "workspaces-listWorkspaces": {
    response: { workspaces: [{ id: ids.workspace, name: "Acme support", icon: null }] },
  },
  "workspaces-createWorkspace": { body: { name: "Acme support", icon: null }, response: { workspace } },
  "workspaces-getWorkspace": {
    parameters: { workspaceId: ids.workspace },
    response: { workspace, currentUserRole: "ADMIN" },
  },
  "workspaces-updateWorkspace": {
    parameters: { workspaceId: ids.workspace },
    body: { name: "Acme customer care" },
    response: { workspace: { name: "Acme customer care", icon: null } },
  },
  "workspaces-deleteWorkspace": { parameters: { workspaceId: ids.workspace }, response: success },
  "members-listMembers": {
    parameters: { workspaceId: ids.workspace },
    response: {
      members: [
        { userId: ids.user, email: "ada@example.com", name: "Ada", role: "ADMIN", createdAt: created },
        member,
      ],
    },
  },
  "members-addMember": {
    parameters: { workspaceId: ids.workspace },
    body: { email: "grace@example.com", role: "MEMBER" },
    response: { invitation },
  },
  "invitations-createInvitation": {
    parameters: { workspaceId: ids.workspace },
    body: { invitation: { email: "grace@example.com", role: "MEMBER" } },
    response: { invitation },
  },
  "invitations-listInvitations": {
    parameters: { workspaceId: ids.workspace },
    response: { invitations: [pendingInvitation] },
  },
  "invitations-resendInvitation": {
    parameters: { workspaceId: ids.workspace, invitationId: ids.invitation },
    response: { invitation },
  },
  "inviteLinks-createInviteLink": {
    parameters: { workspaceId: ids.workspace },
    body: { inviteLink: { role: "GUEST", maxUses: 20 } },
    response: { inviteLink: { ...inviteLink, url: "https://builder.example.com/join/Qw8e…" } },
  },
  "inviteLinks-listInviteLinks": {
    parameters: { workspaceId: ids.workspace },
    response: { inviteLinks: [{ ...inviteLink, uses: 3 }] },
  },
  "inviteLinks-deleteInviteLink": {
    parameters: { workspaceId: ids.workspace, inviteLinkId: ids.inviteLink },
    response: success,
  },
  "sso-getWorkspaceSso": { parameters: { workspaceId: ids.workspace }, response: { sso: workspaceSso } },
  "sso-updateWorkspaceSso": {
    parameters: { workspaceId: ids.workspace },
    body: {
      sso: {
        preset: "oidc",
        name: "Acme SSO",
        issuer: "https://login.acme.com",
        clientId: "parley",
        clientSecret: "s3cr3t-from-the-provider",
        allowedDomains: ["acme.com"],
        isEnforced: true,
      },
    },
    response: { sso: workspaceSso },
  },
  "sso-deleteWorkspaceSso": { parameters: { workspaceId: ids.workspace }, response: success },
  "domains-listDomains": {
    parameters: { workspaceId: ids.workspace },
    response: { domains: [workspaceDomain] },
  },
  "domains-addDomain": {
    parameters: { workspaceId: ids.workspace },
    body: { domain: { domain: "acme.com" } },
    response: { domain: { ...workspaceDomain, verifiedAt: null, checkedAt: null, allowsJoining: false } },
  },
  "domains-verifyDomain": {
    parameters: { workspaceId: ids.workspace, domainId: ids.domain },
    response: { domain: { ...workspaceDomain, allowsJoining: false } },
  },
  "domains-updateDomain": {
    parameters: { workspaceId: ids.workspace, domainId: ids.domain },
    body: { domain: { allowsJoining: true } },
    response: { domain: workspaceDomain },
  },
  "domains-deleteDomain": {
    parameters: { workspaceId: ids.workspace, domainId: ids.domain },
    response: success,
  },
  "auditLog-listAuditLog": {
    parameters: { workspaceId: ids.workspace, action: "bot.published" },
    response: {
      entries: [
        {
          id: "a2c4e6g8i0",
          action: "bot.published",
          actor: { id: ids.user, email: "ada@example.com" },
          target: { type: "bot", id: ids.bot },
          createdAt: "2026-11-22T10:00:00.000Z",
          ip: "203.0.113.7",
          userAgent: "Mozilla/5.0",
          details: null,
        },
      ],
      nextCursor: null,
    },
  },
  "invitations-revokeInvitation": {
    parameters: { workspaceId: ids.workspace, invitationId: ids.invitation },
    response: success,
  },
  "collaborators-listBotCollaborators": {
    parameters: { botId: ids.bot },
    response: {
      collaborators: [botCollaborator],
      invitations: [{ ...botInvitation, email: "linus@example.com" }],
    },
  },
  "collaborators-shareBot": {
    parameters: { botId: ids.bot },
    body: { collaborator: { email: "grace@example.com", role: "EDITOR" } },
    response: {
      collaborator: null,
      invitation: { ...botInvitation, url: "https://builder.example.com/invitations/Qw8e…", emailSent: true },
    },
  },
  "collaborators-updateBotCollaborator": {
    parameters: { botId: ids.bot, userId: ids.otherUser },
    body: { role: "VIEWER" },
    response: { collaborator: { ...botCollaborator, role: "VIEWER" } },
  },
  "collaborators-removeBotCollaborator": {
    parameters: { botId: ids.bot, userId: ids.otherUser },
    response: success,
  },
  "collaborators-revokeBotInvitation": {
    parameters: { botId: ids.bot, invitationId: ids.invitation },
    response: success,
  },
  "collaborators-listSharedBots": {
    response: {
      bots: [
        {
          id: ids.bot,
          name: "Support bot",
          icon: null,
          publicId: "support-bot-4f2a",
          isPublished: true,
          workspaceId: ids.workspace,
          workspaceName: "Acme",
          role: "EDITOR",
          createdAt: created,
          updatedAt: updated,
        },
      ],
    },
  },
  "members-updateMemberRole": {
    parameters: { workspaceId: ids.workspace, userId: ids.otherUser },
    body: { role: "GUEST" },
    response: { member: { ...member, role: "GUEST" } },
  },
  "members-removeMember": {
    parameters: { workspaceId: ids.workspace, userId: ids.otherUser },
    response: success,
  },
  "folders-listFolders": { parameters: { workspaceId: ids.workspace }, response: { folders: [folder] } },
  "folders-createFolder": {
    body: { workspaceId: ids.workspace, folder: { name: "Marketing" } },
    response: { folder },
  },
  "folders-getFolder": { parameters: { folderId: ids.folder }, response: { folder } },
  "folders-updateFolder": {
    parameters: { folderId: ids.folder },
    body: { workspaceId: ids.workspace, folder: { name: "Growth" } },
    response: { folder: { ...folder, name: "Growth", updatedAt: updated } },
  },
  "folders-deleteFolder": { parameters: { folderId: ids.folder }, response: success },
  "bots-listBots": {
    parameters: { workspaceId: ids.workspace, folderId: ids.folder },
    response: {
      bots: [
        {
          id: ids.bot,
          name: "Lead bot",
          icon: null,
          publicId: "lead-bot",
          isPublished: true,
          folderId: ids.folder,
          createdAt: created,
          updatedAt: updated,
        },
      ],
    },
  },
  "bots-createBot": {
    body: {
      workspaceId: ids.workspace,
      bot: { name: "Lead bot", folderId: ids.folder, publicId: "lead-bot", ...flow },
    },
    response: { bot },
  },
  "bots-importBot": {
    body: {
      workspaceId: ids.workspace,
      bot: { name: "Lead bot", version: "6", ...flow },
      folderId: ids.folder,
    },
    response: { bot: botWithoutFlow, warnings: [] },
  },
  "bots-importBots": {
    body: {
      workspaceId: ids.workspace,
      bots: [{ name: "Lead bot", version: "6", ...flow, ...withoutFlow }],
      folderId: null,
    },
    response: { bots: [{ bot: botWithoutFlow, warnings: [] }] },
  },
  "bots-getBot": { parameters: { botId: ids.bot, migrateToLatestVersion: "false" }, response: { bot } },
  "bots-updateBot": {
    parameters: { botId: ids.bot },
    body: { bot: { name: "Lead bot (EU)", updatedAt: updated }, overwrite: false },
    response: { bot: { ...botWithoutFlow, name: "Lead bot (EU)", updatedAt: "2026-11-25T09:45:00.000Z" } },
  },
  "bots-deleteBot": { parameters: { botId: ids.bot }, response: success },
  "bots-runBotTests": {
    parameters: { botId: ids.bot },
    body: { testIds: [botTest.id] },
    response: {
      results: [
        {
          testId: botTest.id,
          name: botTest.name,
          status: "failed",
          failure: {
            stepIndex: 3,
            code: "EXPECTATION_NOT_MET",
            expected: 'Name = "Ada"',
            actual: "Name is empty",
            blockId: null,
          },
          durationMs: 3.4,
        },
      ],
      summary: { total: 1, passed: 0, failed: 1 },
    },
  },
  "replays-startBotReplay": {
    parameters: { botId: ids.bot },
    body: { limit: 500 },
    response: {
      replay: {
        ...botReplay,
        status: "queued",
        total: 0,
        processed: 0,
        startedAt: null,
        finishedAt: null,
        draftUpdatedAt: null,
        summary: { samePath: 0, otherPath: 0, refused: 0, error: 0, notReplayable: 0 },
        groups: [],
        conversations: [],
      },
    },
  },
  "replays-getBotReplay": {
    parameters: { botId: ids.bot, replayId: botReplay.id },
    response: { replay: botReplay },
  },
  "bots-duplicateBot": {
    parameters: { botId: ids.bot },
    body: { name: "Lead bot (copy)" },
    response: {
      bot: {
        ...botWithoutFlow,
        id: "b8d0f2h4j6",
        name: "Lead bot (copy)",
        publicId: null,
        createdAt: updated,
      },
    },
  },
  "bots-getCustomDomain": { parameters: { botId: ids.bot }, response: { customDomain } },
  "bots-verifyCustomDomain": { parameters: { botId: ids.bot }, response: { customDomain } },
  "publishing-publishBot": {
    parameters: { botId: ids.bot },
    body: { overrideFailingTests: false },
    response: { message: "success", warnings: [] },
  },
  "publishing-unpublishBot": { parameters: { botId: ids.bot }, response: success },
  "publishing-getCanaryRelease": { parameters: { botId: ids.bot }, response: { canary } },
  "publishing-updateCanaryRelease": {
    parameters: { botId: ids.bot },
    body: { percent: 25 },
    response: { canary: { ...canary, percent: 25 } },
  },
  "publishing-promoteCanaryRelease": { parameters: { botId: ids.bot }, response: success },
  "publishing-rollBackCanaryRelease": { parameters: { botId: ids.bot }, response: success },
  "translations-exportTranslations": {
    parameters: { botId: ids.bot, language: "fr", format: "xliff" },
    responseByType: {
      "application/xliff+xml": translationsXliff,
      "text/csv": translationsCsv,
    },
  },
  "translations-importTranslations": {
    parameters: { botId: ids.bot, language: "fr", format: "xliff" },
    bodyByType: { "application/xliff+xml": translationsXliff, "text/csv": translationsCsv },
    response: { updated: 1, unchanged: 0, unknownPlaces: [] },
  },
  "translations-translateMissing": {
    parameters: { botId: ids.bot, language: "fr" },
    body: { credentialsId: ids.credentials, model: "gpt-4o-mini" },
    response: { translated: 12, failed: [], remaining: 0 },
  },

  "publishing-getPublishedBot": {
    parameters: { botId: ids.bot, migrateToLatestVersion: "true" },
    response: { publishedBot },
  },
  "publishing-listBotVersions": { parameters: { botId: ids.bot }, response: { versions: [versionSummary] } },
  "publishing-diffBotVersions": {
    parameters: { botId: ids.bot, from: "2", to: "draft" },
    response: {
      from: "2",
      to: "draft",
      changes: [
        {
          kind: "group",
          change: "changed",
          id: ids.group,
          groupId: null,
          label: "Welcome",
          fields: ["title"],
        },
      ],
    },
  },
  "publishing-getBotVersion": {
    parameters: { botId: ids.bot, version: "3" },
    response: { version: versionSummary, publishedBot },
  },
  "publishing-restoreBotVersion": { parameters: { botId: ids.bot, version: "3" }, response: { bot } },
  "publishing-getChatKey": { parameters: { botId: ids.bot }, response: { chatKey } },
  "publishing-rotateChatKey": {
    parameters: { botId: ids.bot },
    response: { chatKey: { key: "ck_9a1c7e3b5d2f8a6c4e0b7d1f", createdAt: "2026-11-25T10:05:00.000Z" } },
  },
  "results-listResults": {
    parameters: { ...timeRange, isCompleted: "true", limit: 50 },
    response: { results: [result], nextCursor: null },
  },
  "results-listResultLogs": {
    parameters: { botId: ids.bot, resultId: ids.result, status: "error", limit: 100 },
    response: {
      logs: [
        {
          id: "l2n4p6r8t0",
          createdAt: "2026-11-25T10:02:00.000Z",
          status: "error",
          description: "Webhook returned an error",
          details: null,
          context: null,
        },
      ],
      nextCursor: null,
    },
  },
  "results-deleteResults": { parameters: { botId: ids.bot, resultIds: ids.result }, response: success },
  "results-getResult": {
    parameters: { botId: ids.bot, resultId: ids.result },
    response: {
      result: {
        ...result,
        transcript: [
          { role: "bot", blockId: ids.textBlock, text: "Hi! What's your name?" },
          { role: "user", blockId: ids.nameInput, text: "Ada" },
        ],
        inboxMessages: [],
      },
    },
  },
  "results-exportResults": {
    parameters: { ...timeRange, isCompleted: "true" },
    responseByType: {
      "text/csv": `Submitted at,Name\n${result.createdAt},Ada\n`,
      "application/json": {
        filename: "lead-bot-results-2026-11-25.csv",
        csv: `Submitted at,Name\n${result.createdAt},Ada\n`,
      },
    },
  },
  "analytics-getStats": {
    parameters: timeRange,
    response: { stats: { totalViews: 1240, totalStarts: 860, totalCompleted: 512 } },
  },
  "analytics-getSeries": {
    parameters: timeRange,
    response: {
      series: {
        interval: "day",
        timeZone: "Europe/Paris",
        points: [
          {
            date: "2026-11-24",
            startsAt: "2026-11-23T23:00:00.000Z",
            views: 180,
            starts: 121,
            completed: 70,
            completionRate: 57.9,
          },
        ],
      },
    },
  },
  "analytics-getFlowAnalytics": {
    parameters: timeRange,
    response: {
      analytics: {
        totalViews: 1240,
        groups: [{ groupId: ids.group, reached: 860 }],
        inputs: [
          {
            blockId: ids.nameInput,
            groupId: ids.group,
            reached: 860,
            answered: 700,
            dropOff: 160,
            dropOffRate: 0.186,
          },
        ],
        abTests: [
          {
            blockId: ids.abTest,
            groupId: ids.group,
            paths: [
              { path: "a", chats: 430, completed: 215, completionRate: 0.5 },
              { path: "b", chats: 424, completed: 240, completionRate: 0.566 },
            ],
            completionRate: {
              test: "two-proportion z-test",
              difference: 0.066,
              confidenceInterval95: [-0.0007, 0.1328],
              zScore: 1.934,
              pValue: 0.0531,
              isSignificant: false,
            },
          },
        ],
      },
    },
  },
  "analytics-getVersionStats": {
    parameters: { botId: ids.bot, timeFilter: "last30Days", timeZone: "UTC" },
    response: {
      versions: [versionStats(4, 120, 54)],
      canary,
      comparison: {
        since: updated,
        current: versionStats(3, 1080, 540),
        canary: versionStats(4, 120, 54),
        completionRate: {
          test: "two-proportion z-test",
          difference: -0.05,
          confidenceInterval95: [-0.1447, 0.0447],
          zScore: -1.0253,
          pValue: 0.3052,
          isSignificant: false,
        },
      },
    },
  },
  "analytics-getLanguageStats": {
    parameters: timeRange,
    response: {
      defaultLanguage: "en",
      languages: [
        { language: "en", totalViews: 820, totalStarts: 590, totalCompleted: 362 },
        { language: "fr", totalViews: 420, totalStarts: 270, totalCompleted: 150 },
      ],
    },
  },
  "billing-getUsage": {
    parameters: { workspaceId: ids.workspace },
    response: { totalChatsUsed: 1432, resetsAt: "2026-12-01T00:00:00.000Z" },
  },
  "billing-listInvoices": {
    parameters: { workspaceId: ids.workspace },
    response: {
      invoices: [
        {
          id: "in_1QxY2z3A4b5C6d7E",
          url: "https://invoice.stripe.com/i/acct_1/test_1",
          amount: 39,
          currency: "usd",
          date: 1793491200,
        },
      ],
    },
  },
  "billing-getPlan": { parameters: { workspaceId: ids.workspace }, response: { plan } },
  "billing-changePlan": {
    body: { workspaceId: ids.workspace, plan: "PRO", chatsHardLimit: 20000 },
    response: {
      plan: {
        ...plan,
        plan: "PRO",
        includedChats: 10000,
        chatsHardLimit: 20000,
        priceCents: 8900,
        overageCentsPerChat: 0.8,
      },
    },
  },
  "admin-listAdminWorkspaces": {
    parameters: { query: "acme", limit: 100 },
    response: { workspaces: [adminWorkspace], nextCursor: null },
  },
  "admin-updateAdminWorkspace": {
    parameters: { workspaceId: ids.workspace },
    body: { workspace: { isSuspended: true } },
    response: { workspace: { ...adminWorkspace, isSuspended: true } },
  },
  "admin-listHeldBots": {
    response: {
      bots: [
        {
          id: ids.bot,
          name: "Bank login",
          publicId: "bank-login",
          riskLevel: 100,
          workspaceId: ids.workspace,
          workspaceName: "Acme",
        },
      ],
    },
  },
  "admin-clearHeldBot": {
    parameters: { botId: ids.bot },
    response: { botId: ids.bot, previousRiskLevel: 100 },
  },
  "credentials-listCredentials": {
    parameters: { workspaceId: ids.workspace, type: "openai" },
    response: { credentials: [credentials] },
  },
  "credentials-createCredentials": {
    body: {
      workspaceId: ids.workspace,
      credentials: {
        type: "openai",
        name: "OpenAI (production)",
        data: { apiKey: "sk-proj-3f9c1b7d5e2a8c6b4d0f" },
      },
    },
    response: { credentials },
  },
  "credentials-updateCredentials": {
    parameters: { credentialsId: ids.credentials },
    body: { workspaceId: ids.workspace, credentials: { name: "OpenAI (EU project)" } },
    response: { credentials: { ...credentials, name: "OpenAI (EU project)", updatedAt: updated } },
  },
  "credentials-deleteCredentials": { parameters: { credentialsId: ids.credentials }, response: success },
  "bots-getBotRetention": {
    parameters: { botId: ids.bot },
    response: { retentionDays: 30, workspaceRetentionDays: 90, effectiveRetentionDays: 30 },
  },
  "webhooks-listWebhooks": { parameters: { botId: ids.bot }, response: { webhooks: [webhookSubscription] } },
  "webhooks-createWebhook": {
    parameters: { botId: ids.bot },
    body: { webhook: { url: "https://hooks.example.com/parley", events: ["result.completed"] } },
    response: { webhook: webhookSubscription, secret: "whsec_2b7e4f9a1c6d3e8b5a0f7c2d9e4b1a6c" },
  },
  "webhooks-deleteWebhook": { parameters: { botId: ids.bot, webhookId: ids.webhook }, response: success },
  "webhooks-listWebhookDeliveries": {
    parameters: { botId: ids.bot, webhookId: ids.webhook },
    response: {
      deliveries: [
        {
          id: ids.delivery,
          event: "result.completed",
          resultId: ids.result,
          redeliveryOf: null,
          status: "DELIVERED",
          attempts: 1,
          responseCode: 200,
          error: null,
          createdAt: "2026-11-25T10:00:00.000Z",
          lastAttemptAt: "2026-11-25T10:00:01.000Z",
          nextAttemptAt: null,
          deliveredAt: "2026-11-25T10:00:01.000Z",
        },
      ],
    },
  },
  "webhooks-updateWebhook": {
    parameters: { botId: ids.bot, webhookId: ids.webhook },
    body: { webhook: { events: ["result.created", "result.completed"], enabled: true } },
    response: { webhook: { ...webhookSubscription, events: ["result.created", "result.completed"] } },
  },
  "webhooks-rotateWebhookSecret": {
    parameters: { botId: ids.bot, webhookId: ids.webhook },
    body: { overlapHours: 24 },
    response: {
      webhook: { ...webhookSubscription, previousSecretExpiresAt: "2026-11-26T10:00:00.000Z" },
      secret: "whsec_9d4c7a2e5b8f1c6a3d0e7b4f9a2c5d8e",
    },
  },
  "webhooks-pingWebhook": {
    parameters: { botId: ids.bot, webhookId: ids.webhook },
    response: { delivery: pendingDelivery("ping", null, null) },
  },
  "webhooks-redeliverWebhookDelivery": {
    parameters: { botId: ids.bot, webhookId: ids.webhook, deliveryId: ids.delivery },
    response: { delivery: pendingDelivery("result.completed", ids.result, ids.delivery) },
  },
  "themeTemplates-listThemeTemplates": {
    parameters: { workspaceId: ids.workspace },
    response: { themeTemplates: [themeTemplate] },
  },
  "themeTemplates-saveThemeTemplate": {
    parameters: { themeTemplateId: ids.themeTemplate },
    body: { workspaceId: ids.workspace, name: "Brand blue", theme },
    response: { themeTemplate },
  },
  "themeTemplates-deleteThemeTemplate": {
    parameters: { themeTemplateId: ids.themeTemplate, workspaceId: ids.workspace },
    response: success,
  },
  startChat: {
    parameters: { publicId: "lead-bot" },
    body: { prefilledVariables: { Source: "pricing-page" }, textBubbleContentFormat: "richText" },
    response: startChatResponse,
  },
  continueChat: {
    parameters: { sessionId: ids.session },
    body: { message: { type: "text", text: "Ada" } },
    response: continueChatResponse,
  },
  updateBot: { parameters: { sessionId: ids.session }, response: success },
  startPreviewChat: {
    parameters: { botId: ids.bot },
    body: { startFrom: { type: "group", groupId: ids.group }, isProgressBarEnabled: false },
    response: previewStartChatResponse,
  },
  createChatUpload: {
    parameters: { sessionId: ids.session },
    body: { fileName: "quote.pdf", fileType: "application/pdf", fileSize: 182044 },
    response: {
      uploadUrl: `http://localhost:3001/api/v1/uploads/${ids.session}/quote.pdf?signature=9c2e7b`,
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      fileUrl: `http://localhost:3001/api/v1/uploads/${ids.session}/quote.pdf`,
    },
  },
  streamMessage: {
    parameters: { sessionId: ids.session },
    response: "Here is a summary of your order: 2 items, 48 €.",
  },
  typebotStartChat: {
    parameters: { publicId: "lead-bot" },
    body: { isStreamEnabled: true, prefilledVariables: { Source: "pricing-page" } },
    response: typebotStartChatResponse,
  },
  typebotStartPreviewChat: {
    parameters: { botId: ids.bot },
    body: { isStreamEnabled: true },
    response: typebotStartChatResponse,
  },
  typebotSaveClientLogs: {
    parameters: { sessionId: ids.session },
    body: { clientLogs: [{ status: "error", description: "Script failed", details: "ReferenceError: x" }] },
    response: success,
  },
  typebotStreamMessage: {
    parameters: { sessionId: ids.session },
    response: '0:"Here is a summary "\n0:"of your order."\n',
  },
  typebotGenerateUploadUrl: {
    body: {
      sessionId: ids.session,
      blockId: ids.waitBlock,
      fileName: "quote.pdf",
      fileType: "application/pdf",
      fileSize: 182044,
    },
    response: {
      presignedUrl: `http://localhost:3001/api/v1/sessions/${ids.session}/uploads/f3k9/quote.pdf`,
      formData: {},
      fileUrl: `http://localhost:3001/api/v1/files/public/${ids.workspace}/${ids.bot}/${ids.result}/f3k9/quote.pdf`,
    },
  },
  executeWebhook: {
    parameters: { publicId: "lead-bot", blockId: ids.waitBlock, resultId: ids.result },
    body: { orderId: "A-1042", status: "paid" },
    response: success,
  },
  executeTestWebhook: {
    parameters: { botId: ids.bot, blockId: ids.waitBlock },
    body: { orderId: "A-1042", status: "paid" },
    response: success,
  },
  listenForWebhook: {
    parameters: { sessionId: ids.session, listenId: "l7n9p1r3t5" },
    response: { status: "resumed", response: continueChatResponse },
  },
  streamSessionEvents: {
    parameters: { sessionId: ids.session, lastEventId: "41" },
    response:
      'id: 42\nevent: message\ndata: {"id":"j7l9","type":"text","content":{"type":"richText","richText":[{"type":"p","children":[{"text":"Hi Ada"}]}]},"from":"agent"}\n\n',
  },
  verifyWhatsAppWebhook: {
    parameters: {
      workspaceId: ids.workspace,
      credentialsId: ids.credentials,
      "hub.mode": "subscribe",
      "hub.verify_token": "my-verify-token",
      "hub.challenge": "1158201444",
    },
    response: "1158201444",
  },
  receiveWhatsAppWebhook: {
    parameters: {
      workspaceId: ids.workspace,
      credentialsId: ids.credentials,
      "x-hub-signature-256": "sha256=7d38cdd689735b008b3c702edd92eea23791c5f6",
    },
    body: {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
                messages: [
                  {
                    from: "16505551234",
                    id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
                    timestamp: "1795600800",
                    type: "text",
                    text: { body: "Hi" },
                  },
                ],
              },
            },
          ],
        },
      ],
    },
    response: success,
  },
  receiveTelegramWebhook: {
    parameters: {
      workspaceId: ids.workspace,
      credentialsId: ids.credentials,
      "x-telegram-bot-api-secret-token": "s3cr3t-T0ken_for-telegram",
    },
    body: {
      update_id: 10000,
      message: {
        message_id: 1365,
        date: 1795600800,
        chat: { id: 1111111, type: "private" },
        from: { id: 1111111, is_bot: false, first_name: "Ada" },
        text: "Hi",
      },
    },
    response: success,
  },
  confirmChannelPayment: {
    parameters: { token: "pl_8c1e5a9d3f7b2c6e0a4d8f1b" },
    response: { status: "confirmed" },
  },
  // Result webhooks (the document's `webhooks`), keyed by event.
  "webhook-result.created": {
    parameters: webhookHeaders("result.created"),
    body: webhookPayload("result.created"),
  },
  "webhook-answer.created": {
    parameters: webhookHeaders("answer.created"),
    body: webhookPayload("answer.created"),
  },
  "webhook-result.completed": {
    parameters: webhookHeaders("result.completed"),
    body: webhookPayload("result.completed"),
  },
  "webhook-conversation.waiting": {
    parameters: webhookHeaders("conversation.waiting"),
    body: conversationWebhookPayload("conversation.waiting", {
      conversation: { ...conversation, status: "waiting", assigneeId: null, assignedAt: null },
    }),
  },
  "webhook-conversation.assigned": {
    parameters: webhookHeaders("conversation.assigned"),
    body: conversationWebhookPayload("conversation.assigned", { conversation }),
  },
  "webhook-conversation.message": {
    parameters: webhookHeaders("conversation.message"),
    body: conversationWebhookPayload("conversation.message", { conversation, message: agentMessage }),
  },
  "webhook-conversation.closed": {
    parameters: webhookHeaders("conversation.closed"),
    body: conversationWebhookPayload("conversation.closed", {
      conversation: { ...conversation, status: "closed", resolution: "refunded", closedAt: created },
      close: { reason: "closed", resumed: true },
    }),
  },
  "knowledgeBases-listKnowledgeBases": {
    parameters: { workspaceId: ids.workspace },
    response: { knowledgeBases: [knowledgeBase] },
  },
  "knowledgeBases-createKnowledgeBase": {
    body: {
      workspaceId: ids.workspace,
      knowledgeBase: {
        name: "Help centre",
        credentialsId: ids.credentials,
        embeddingModel: "text-embedding-3-small",
      },
    },
    response: { knowledgeBase },
  },
  "knowledgeBases-getKnowledgeBase": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    response: { knowledgeBase },
  },
  "knowledgeBases-updateKnowledgeBase": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    body: { knowledgeBase: { name: "Support answers" } },
    response: { knowledgeBase: { ...knowledgeBase, name: "Support answers", updatedAt: updated } },
  },
  "knowledgeBases-deleteKnowledgeBase": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    response: success,
  },
  "knowledgeBases-listKnowledgeSources": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    response: { sources: [knowledgeSource] },
  },
  "knowledgeBases-createKnowledgeSource": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    body: { source: { type: "text", name: "Returns policy", text: returnsText } },
    response: { source: { ...pendingSource, updatedAt: created } },
  },
  "knowledgeBases-updateKnowledgeSource": {
    parameters: { knowledgeBaseId: ids.knowledgeBase, sourceId: ids.knowledgeSource },
    body: { source: { text: "# Returns\n\nItems can be returned within 14 days of delivery." } },
    response: { source: pendingSource },
  },
  "knowledgeBases-deleteKnowledgeSource": {
    parameters: { knowledgeBaseId: ids.knowledgeBase, sourceId: ids.knowledgeSource },
    response: success,
  },
  "knowledgeBases-refreshKnowledgeSource": {
    parameters: { knowledgeBaseId: ids.knowledgeBase, sourceId: ids.knowledgeSource },
    response: { source: pendingSource },
  },
  "knowledgeBases-listKnowledgePages": {
    parameters: { knowledgeBaseId: ids.knowledgeBase, sourceId: ids.knowledgeSource },
    response: {
      pages: [
        {
          url: "https://help.example.com/returns",
          status: "ready",
          error: null,
          chunkCount: 2,
          fetchedAt: updated,
        },
        {
          url: "https://help.example.com/old-page",
          status: "failed",
          error: "The page answered 404",
          chunkCount: 0,
          fetchedAt: updated,
        },
      ],
    },
  },
  "knowledgeBases-uploadKnowledgeFile": {
    parameters: { knowledgeBaseId: ids.knowledgeBase, name: "returns.md" },
    body: returnsText,
    response: {
      source: {
        ...pendingSource,
        type: "file",
        name: "returns.md",
        updatedAt: created,
        fileType: "text/markdown",
        fileSize: 78,
      },
    },
  },
  "knowledgeBases-queryKnowledgeBase": {
    parameters: { knowledgeBaseId: ids.knowledgeBase },
    body: { query: "How long do I have to return an item?", topK: 3 },
    response: {
      results: [
        {
          text: "Items can be returned within 30 days of delivery for a full refund.",
          score: 0.0328,
          similarity: 0.62,
          source: { id: ids.knowledgeSource, name: "Returns policy" },
          location: "Returns",
        },
      ],
    },
  },
};
