import type { AddressInfo } from "node:net";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { testTlsCertificate, testTlsKey } from "./selfSignedCertificate";

export interface CapturedEmail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  /** The addresses of a header as plain strings. */
  addresses(header: "to" | "cc" | "replyTo" | "from"): string[];
}

export interface LocalSmtpServer {
  port: number;
  messages: CapturedEmail[];
  /** Connections the server accepted (a refused host must leave it at 0). */
  connections: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it is sent.
 * `auth`: required user and password; `tls`: TLS from the first byte with a self-signed certificate;
 * `port`: a fixed port (a browser test's server, whose SMTP_PORT was set before it started);
 * `refuseMessages`: the first N messages are refused after their data with a temporary error (451);
 * `refuseRecipients`: these addresses are refused at RCPT TO (550, the address in the answer, as servers say it).
 */
export async function startSmtpServer(
  options: {
    auth?: { user: string; pass: string };
    tls?: boolean;
    port?: number;
    refuseMessages?: number;
    refuseRecipients?: readonly string[];
  } = {},
): Promise<LocalSmtpServer> {
  const local: LocalSmtpServer = { port: 0, messages: [], connections: 0, close: async () => {} };
  let toRefuse = options.refuseMessages ?? 0;
  const server = new SMTPServer({
    secure: options.tls ?? false,
    ...(options.tls ? { key: testTlsKey, cert: testTlsCertificate } : {}),
    disabledCommands: options.tls ? [] : ["STARTTLS"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      local.connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipients?.includes(address.address))
        return callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), {
            responseCode: 550,
          }),
        );
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass)
        return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (toRefuse > 0) {
            toRefuse--;
            return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          }
          local.messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            parsed,
            addresses: (header) => toAddresses(parsed[header]),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  local.port = (server.server.address() as AddressInfo).port;
  local.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return local;
}

function toAddresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? ""));
}
