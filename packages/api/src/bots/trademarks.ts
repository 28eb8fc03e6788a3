/** A brand and the registrable domains it owns (a redirect elsewhere that looks like it is a phishing signal). */
export interface Trademark {
  name: string;
  domains: readonly string[];
}

/**
 * Well-known brand names that phishing bots impersonate. A bot mentioning one
 * is published with a `trademarkInfringement` warning and a higher riskLevel
 * (assessPublishRisk.ts); it is not refused (a brand's own team may build its bot here).
 */
export const trademarks: readonly Trademark[] = [
  { name: "Adobe", domains: ["adobe.com"] },
  { name: "Airbnb", domains: ["airbnb.com"] },
  { name: "Amazon", domains: ["amazon.com", "amazon.co.uk", "amazon.de", "amazon.fr"] },
  { name: "American Express", domains: ["americanexpress.com", "amex.com"] },
  { name: "Apple", domains: ["apple.com", "icloud.com"] },
  { name: "Bank of America", domains: ["bankofamerica.com", "bofa.com"] },
  { name: "Binance", domains: ["binance.com"] },
  { name: "Booking.com", domains: ["booking.com"] },
  { name: "Chase", domains: ["chase.com"] },
  { name: "Coinbase", domains: ["coinbase.com"] },
  { name: "DHL", domains: ["dhl.com", "dhl.de"] },
  { name: "DocuSign", domains: ["docusign.com", "docusign.net"] },
  { name: "Dropbox", domains: ["dropbox.com"] },
  { name: "eBay", domains: ["ebay.com"] },
  { name: "Facebook", domains: ["facebook.com", "fb.com", "meta.com"] },
  { name: "FedEx", domains: ["fedex.com"] },
  { name: "Gmail", domains: ["gmail.com", "google.com"] },
  { name: "Google", domains: ["google.com", "gmail.com", "youtube.com"] },
  { name: "HSBC", domains: ["hsbc.com", "hsbc.co.uk"] },
  { name: "iCloud", domains: ["icloud.com", "apple.com"] },
  { name: "Instagram", domains: ["instagram.com"] },
  { name: "LinkedIn", domains: ["linkedin.com"] },
  { name: "Mastercard", domains: ["mastercard.com"] },
  { name: "MetaMask", domains: ["metamask.io"] },
  { name: "Microsoft", domains: ["microsoft.com", "live.com", "office.com", "outlook.com"] },
  { name: "Netflix", domains: ["netflix.com"] },
  { name: "Office 365", domains: ["office.com", "microsoft.com", "office365.com"] },
  { name: "OpenAI", domains: ["openai.com", "chatgpt.com"] },
  { name: "Outlook", domains: ["outlook.com", "live.com", "microsoft.com"] },
  { name: "PayPal", domains: ["paypal.com", "paypal.me"] },
  { name: "Revolut", domains: ["revolut.com"] },
  { name: "Roblox", domains: ["roblox.com"] },
  { name: "Santander", domains: ["santander.com", "santander.co.uk"] },
  { name: "Spotify", domains: ["spotify.com"] },
  { name: "Steam", domains: ["steampowered.com", "steamcommunity.com"] },
  { name: "Stripe", domains: ["stripe.com"] },
  { name: "Telegram", domains: ["telegram.org", "t.me"] },
  { name: "TikTok", domains: ["tiktok.com"] },
  { name: "Twitter", domains: ["twitter.com", "x.com"] },
  { name: "Typebot", domains: ["typebot.io"] },
  { name: "UPS", domains: ["ups.com"] },
  { name: "USPS", domains: ["usps.com"] },
  { name: "Venmo", domains: ["venmo.com"] },
  { name: "Visa", domains: ["visa.com"] },
  { name: "Walmart", domains: ["walmart.com"] },
  { name: "Wells Fargo", domains: ["wellsfargo.com"] },
  { name: "WhatsApp", domains: ["whatsapp.com", "wa.me"] },
  { name: "YouTube", domains: ["youtube.com", "youtu.be"] },
  { name: "Zelle", domains: ["zellepay.com"] },
];

/** Words that, next to a brand, suggest the bot collects credentials or payment data. */
export const sensitiveTerms = [
  "password",
  "passcode",
  "pin code",
  "one-time code",
  "verification code",
  "card number",
  "credit card",
  "cvv",
  "cvc",
  "social security",
  "ssn",
  "bank account",
  "seed phrase",
  "recovery phrase",
  "private key",
  "verify your account",
  "account suspended",
  "login",
  "log in",
  "sign in",
] as const;

/** What an input's label, placeholder or saved variable says when it collects a password or a card number. */
export const secretInputPattern =
  /(pass ?word|passcode|mot de passe|contrase(n|ñ)a|passwort|\bpin\b|card ?number|credit ?card|debit ?card|\bcvv\b|\bcvc\b|security code|expir(y|ation) date|\biban\b)/iu;
