-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN "payload" TEXT;

-- Conversations of a messaging channel name it: `whatsapp` or `telegram` (their session tells which account).
UPDATE "Conversation" c
SET channel = CASE cr.type WHEN 'whatsApp' THEN 'whatsapp' ELSE 'telegram' END
FROM "MessagingConversation" mc
JOIN "Credentials" cr ON cr.id = mc."credentialsId"
WHERE c.channel = 'messaging' AND mc."sessionId" = c."sessionId" AND cr.type IN ('whatsApp', 'telegram');
