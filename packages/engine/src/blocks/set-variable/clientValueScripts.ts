/** Value kinds only a browser knows, as scripts whose return value is the variable's value. */
export const CLIENT_VALUE_SCRIPTS: Record<string, string> = {
  "Device type": [
    "const agent = navigator.userAgent;",
    'if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(agent)) return "tablet";',
    'return /Mobi|Android|iPhone|iPod/i.test(agent) ? "mobile" : "desktop";',
  ].join("\n"),
  "Moment of the day": [
    "const hour = new Date().getHours();",
    'return hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening";',
  ].join("\n"),
};
