import type { Block, BlockType } from "../blocks";

/**
 * A realistic, valid block of each kind, for tests and generated flows. `id` prefixes the
 * ids of the block's items; `variableId` is used wherever the block saves a value.
 */
export function createSampleBlock<T extends BlockType>(
  type: T,
  { id, variableId }: { id: string; variableId: string },
): Extract<Block, { type: T }> {
  return sampleBlockFactories[type]({ id, variableId }) as Extract<Block, { type: T }>;
}

type Ids = { id: string; variableId: string };

const sampleBlockFactories: { [T in BlockType]: (ids: Ids) => Extract<Block, { type: T }> } = {
  text: ({ id }) => ({
    id,
    type: "text",
    content: { richText: [{ type: "p", children: [{ text: "Hello " }, { text: "{{Name}}", bold: true }] }] },
  }),
  image: ({ id }) => ({ id, type: "image", content: { url: "https://example.com/cat.png" } }),
  video: ({ id }) => ({
    id,
    type: "video",
    content: { url: "https://www.youtube.com/watch?v=abc123", id: "abc123", type: "youtube" },
  }),
  audio: ({ id }) => ({ id, type: "audio", content: { url: "https://example.com/hello.mp3" } }),
  embed: ({ id }) => ({ id, type: "embed", content: { url: "https://example.com/form", height: 500 } }),
  "text input": ({ id, variableId }) => ({
    id,
    type: "text input",
    options: { variableId, labels: { placeholder: "Your name…" }, isLong: false },
  }),
  "number input": ({ id, variableId }) => ({
    id,
    type: "number input",
    options: { variableId, min: 0, max: 120, step: 1 },
  }),
  "email input": ({ id, variableId }) => ({ id, type: "email input", options: { variableId } }),
  "url input": ({ id, variableId }) => ({ id, type: "url input", options: { variableId } }),
  "phone number input": ({ id, variableId }) => ({
    id,
    type: "phone number input",
    options: { variableId, defaultCountryCode: "FR" },
  }),
  "date input": ({ id, variableId }) => ({
    id,
    type: "date input",
    options: { variableId, hasTime: true, format: "dd/MM/yyyy HH:mm" },
  }),
  "time input": ({ id, variableId }) => ({ id, type: "time input", options: { variableId } }),
  "choice input": ({ id, variableId }) => ({
    id,
    type: "choice input",
    items: [
      { id: `${id}-a`, content: "Yes" },
      { id: `${id}-b`, content: "No", value: "no" },
    ],
    options: { variableId },
  }),
  "picture choice input": ({ id, variableId }) => ({
    id,
    type: "picture choice input",
    items: [
      { id: `${id}-a`, pictureSrc: "https://example.com/a.png", title: "Red" },
      { id: `${id}-b`, pictureSrc: "https://example.com/b.png", title: "Blue" },
    ],
    options: { variableId, isMultipleChoice: true },
  }),
  "rating input": ({ id, variableId }) => ({
    id,
    type: "rating input",
    options: { variableId, length: 5, startsAt: 1, labels: { left: "Bad", right: "Great" } },
  }),
  "file input": ({ id, variableId }) => ({
    id,
    type: "file input",
    options: { variableId, isMultipleAllowed: true, allowedFileTypes: { isEnabled: true, types: [".pdf"] } },
  }),
  "payment input": ({ id, variableId }) => ({
    id,
    type: "payment input",
    options: { variableId, amount: "19.90", currency: "EUR", additionalInformation: { email: "{{Email}}" } },
  }),
  cards: ({ id, variableId }) => ({
    id,
    type: "cards",
    items: [{ id: `${id}-card`, title: "Plan", paths: [{ id: `${id}-path`, text: "Choose" }] }],
    options: { saveResponseMapping: [{ id: `${id}-map`, field: "Title", variableId }] },
  }),
  "Set variable": ({ id, variableId }) => ({
    id,
    type: "Set variable",
    options: { variableId, type: "Custom", expressionToEvaluate: "1 + 1", isCode: true },
  }),
  Condition: ({ id, variableId }) => ({
    id,
    type: "Condition",
    items: [
      {
        id: `${id}-if`,
        content: {
          logicalOperator: "AND",
          comparisons: [
            { id: `${id}-cmp`, variableId, comparisonOperator: "Greater or equal to", value: "18" },
          ],
        },
      },
    ],
  }),
  Redirect: ({ id }) => ({ id, type: "Redirect", options: { url: "https://example.com", isNewTab: true } }),
  Code: ({ id }) => ({ id, type: "Code", options: { name: "Log", content: "console.log('hi')" } }),
  "Bot link": ({ id }) => ({ id, type: "Bot link", options: { botId: "current", mergeResults: false } }),
  Wait: ({ id }) => ({ id, type: "Wait", options: { secondsToWaitFor: "2" } }),
  "AB test": ({ id }) => ({
    id,
    type: "AB test",
    items: [
      { id: `${id}-a`, path: "a" },
      { id: `${id}-b`, path: "b" },
    ],
    options: { aPercent: 30 },
  }),
  Jump: ({ id }) => ({ id, type: "Jump", options: {} }),
  Return: ({ id }) => ({ id, type: "Return" }),
  Loop: ({ id, variableId }) => ({
    id,
    type: "Loop",
    options: { listVariableId: variableId, maxIterations: 3 },
  }),
  "Human handoff": ({ id, variableId }) => ({
    id,
    type: "Human handoff",
    items: [{ id: `${id}-fallback`, path: "fallback" }],
    options: {
      team: "Support",
      businessHours: {
        isEnabled: true,
        timeZone: "Europe/Paris",
        ranges: [{ day: 1, start: "09:00", end: "17:30" }],
        holidays: ["2026-12-25"],
      },
      pickUpTimeoutMinutes: 5,
      waitingEmailMinutes: 2,
      resolutionVariableId: variableId,
    },
  }),
  webhook: ({ id, variableId }) => ({
    id,
    type: "webhook",
    options: {
      responseVariableMapping: [{ id: `${id}-map`, variableId, bodyPath: "data.status" }],
      timeoutMinutes: 5,
    },
  }),
  Webhook: ({ id, variableId }) => ({
    id,
    type: "Webhook",
    options: {
      webhook: { url: "https://api.example.com/items", method: "GET", headers: [], queryParams: [] },
      responseVariableMapping: [{ id: `${id}-map`, variableId, bodyPath: "data.items" }],
      timeout: 15,
    },
  }),
  Zapier: ({ id }) => ({ id, type: "Zapier", options: { webhook: { url: "https://hooks.zapier.com/x" } } }),
  "Make.com": ({ id }) => ({
    id,
    type: "Make.com",
    options: { webhook: { url: "https://hook.make.com/x" } },
  }),
  Pabbly: ({ id }) => ({ id, type: "Pabbly", options: { webhook: { url: "https://connect.pabbly.com/x" } } }),
  Email: ({ id }) => ({
    id,
    type: "Email",
    options: { recipients: ["{{Email}}"], subject: "Thanks", body: "Hello", isCustomBody: true },
  }),
  "Google Sheets": ({ id, variableId }) => ({
    id,
    type: "Google Sheets",
    options: {
      action: "Get data from sheet",
      spreadsheetId: "sheet",
      sheetId: "0",
      filter: {
        comparisons: [{ id: `${id}-f`, column: "Email", comparisonOperator: "Equal to", value: "a@b.c" }],
      },
      cellsToExtract: [{ id: `${id}-c`, column: "Name", variableId }],
    },
  }),
  "Google Analytics": ({ id }) => ({
    id,
    type: "Google Analytics",
    options: { trackingId: "G-123", action: "signup", value: 3 },
  }),
  Pixel: ({ id }) => ({ id, type: "Pixel", options: { pixelId: "123", eventType: "Lead" } }),
  Chatwoot: ({ id }) => ({ id, type: "Chatwoot", options: { task: "Show widget", websiteToken: "tok" } }),
  "AI agent": ({ id, variableId }) => ({
    id,
    type: "AI agent",
    items: [
      {
        id: `${id}-human`,
        name: "talk_to_a_human",
        description: "The visitor asks for a person, or is unhappy with the answers",
      },
    ],
    options: {
      provider: "openai",
      credentialsId: "cred-openai",
      model: "gpt-4o-mini",
      instructions: "You answer questions about Acme's products, briefly.",
      knowledgeBaseIds: ["kb-help-centre"],
      tools: [
        {
          id: `${id}-order`,
          type: "httpRequest",
          name: "track_order",
          description: "The delivery status of an order",
          parameters: {
            type: "object",
            properties: { orderId: { type: "string", description: "The order number" } },
            required: ["orderId"],
          },
          method: "GET",
          url: "https://api.example.com/orders/{{orderId}}",
          responsePath: "status",
        },
        {
          id: `${id}-email`,
          type: "setVariable",
          name: "save_email",
          variableId,
          description: "The visitor's e-mail",
        },
        { id: `${id}-end`, type: "endConversation" },
      ],
      maxSteps: 6,
      replyVariableId: variableId,
      fallbackMessage: "I don't know that one; let me find someone who does.",
    },
  }),
  openai: ({ id, variableId }) => ({
    id,
    type: "openai",
    options: {
      action: "Create chat completion",
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "Dialogue", dialogueVariableId: variableId },
      ],
      responseMapping: [{ item: "Message content", variableId }],
    },
  }),
  anthropic: ({ id, variableId }) => ({
    id,
    type: "anthropic",
    options: {
      action: "Create Chat Message",
      systemMessage: "Be brief.",
      messages: [{ role: "user", content: "{{Question}}" }],
      responseMapping: [{ variableId }],
    },
  }),
  mistral: ({ id, variableId }) => ({
    id,
    type: "mistral",
    options: {
      action: "Generate variables",
      prompt: "Extract the city from: {{Answer}}",
      variablesToExtract: [{ variableId, type: "string", isRequired: true }],
    },
  }),
  "openai-compatible": ({ id, variableId }) => ({
    id,
    type: "openai-compatible",
    options: {
      baseUrl: "http://llm.internal:8000/v1",
      action: "Create chat completion",
      model: "llama-3.1-8b",
      messages: [{ role: "user", content: "{{Question}}" }],
      dialogue: { variableId, startsBy: "user" },
      temperature: 0.2,
      maxTokens: 256,
      responseMapping: [{ item: "Message content", variableId }],
    },
  }),
  "qr-code": ({ id, variableId }) => ({
    id,
    type: "qr-code",
    options: {
      action: "Generate a QR Code",
      data: "https://example.com/{{Name}}",
      saveUrlInVariableId: variableId,
    },
  }),
  posthog: ({ id }) => ({
    id,
    type: "posthog",
    options: {
      credentialsId: "cred-posthog",
      action: "Capture",
      distinctId: "{{Email}}",
      event: "lead_captured",
      properties: [{ key: "plan", value: "pro" }],
    },
  }),
  segment: ({ id }) => ({
    id,
    type: "segment",
    options: {
      credentialsId: "cred-segment",
      action: "Track",
      userId: "{{Email}}",
      eventName: "Signed up",
      properties: [{ key: "plan", value: "pro" }],
    },
  }),
  nocodb: ({ id, variableId }) => ({
    id,
    type: "nocodb",
    options: {
      credentialsId: "cred-nocodb",
      action: "Search Records",
      tableId: "m1a2b3c4d5e6f7g",
      filter: { comparisons: [{ input: "Email", operator: "Equal to", value: "{{Email}}" }], joiner: "AND" },
      returnType: "First",
      responseMapping: [{ fieldName: "Name", variableId }],
    },
  }),
  "dify-ai": ({ id, variableId }) => ({
    id,
    type: "dify-ai",
    options: {
      credentialsId: "cred-dify",
      action: "Create Chat Message",
      query: "{{Question}}",
      conversationVariableId: variableId,
      responseMapping: [{ item: "Message content", variableId }],
    },
  }),
  "chat-node": ({ id, variableId }) => ({
    id,
    type: "chat-node",
    options: {
      credentialsId: "cred-chat-node",
      action: "Send Message",
      botId: "68c052c5c3680f63",
      message: "{{Question}}",
      responseMapping: [{ item: "Message", variableId }],
    },
  }),
  elevenlabs: ({ id, variableId }) => ({
    id,
    type: "elevenlabs",
    options: {
      credentialsId: "cred-elevenlabs",
      action: "Convert text to speech",
      text: "Welcome {{Name}}",
      voiceId: "21m00Tcm4TlvDq8ikWAM",
      modelId: "eleven_multilingual_v2",
      saveUrlInVariableId: variableId,
    },
  }),
  gmail: ({ id, variableId }) => ({
    id,
    type: "gmail",
    options: {
      credentialsId: "cred-gmail",
      action: "Send email",
      to: "{{Email}}",
      subject: "Your booking",
      body: "See you soon.",
      responseMapping: [{ item: "Thread ID", variableId }],
    },
  }),
  "cal-com": ({ id, variableId }) => ({
    id,
    type: "cal-com",
    options: {
      credentialsId: "cred-cal-com",
      action: "Book event",
      link: "ada/intro-call",
      layout: "Month",
      name: "{{Name}}",
      email: "{{Email}}",
      saveBookedDateInVariableId: variableId,
    },
  }),
  zendesk: ({ id, variableId }) => ({
    id,
    type: "zendesk",
    options: {
      credentialsId: "cred-zendesk",
      action: "Create Ticket",
      subject: "Question from {{Name}}",
      body: "{{Question}}",
      name: "{{Name}}",
      email: "{{Email}}",
      priority: "high",
      tags: "chatbot, order",
      customFields: [{ key: "360001", value: "{{Email}}" }],
      saveTicketIdInVariableId: variableId,
    },
  }),
  unsupported: ({ id }) => ({
    id,
    type: "unsupported",
    options: {
      blockType: "elevenlabs",
      block: {
        type: "elevenlabs",
        options: { action: "Convert text to speech", text: "Hello", voiceId: "voice-1" },
      },
    },
  }),
};
