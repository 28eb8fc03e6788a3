/** Layout, bubbles and chrome of the widget. Colours come from the theme's CSS variables. */
export const baseStyles = `
.parley-root{all:initial;display:flex;flex-direction:column;position:relative;box-sizing:border-box;width:100%;height:100%;min-height:0;
  font-family:var(--parley-font);font-size:16px;line-height:1.5;color:var(--parley-container-color);background:var(--parley-background);
  -webkit-font-smoothing:antialiased;text-align:left;overflow:hidden}
.parley-root *,.parley-root *::before,.parley-root *::after{box-sizing:border-box}
.parley-root :focus-visible{outline:2px solid var(--parley-button-bg);outline-offset:2px}
.parley-root button{font:inherit;cursor:pointer}
.parley-root button:disabled{cursor:default}
.parley-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.parley-container{position:relative;display:flex;flex-direction:column;flex:1;min-height:0;width:100%;
  max-width:var(--parley-container-max-width);max-height:var(--parley-container-max-height);margin:0 auto;
  background:var(--parley-container-bg);color:var(--parley-container-color);border:var(--parley-container-border);
  border-radius:var(--parley-container-radius);box-shadow:var(--parley-container-shadow);
  backdrop-filter:var(--parley-container-blur);-webkit-backdrop-filter:var(--parley-container-blur);overflow:hidden}
.parley-root[data-layout="page"] .parley-container{border-radius:0}
@media (min-width:640px){.parley-root[data-layout="page"]{padding:24px 16px}
  .parley-root[data-layout="page"] .parley-container{border-radius:var(--parley-container-radius)}}
.parley-progress{position:absolute;left:0;right:0;top:0;height:var(--parley-progress-thickness);background:var(--parley-progress-bg);z-index:2}
.parley-progress[data-placement="Bottom"]{top:auto;bottom:0}
.parley-progress[data-position="fixed"]{position:fixed}
.parley-progress>div{height:100%;background:var(--parley-progress-color);transition:width .4s ease}
.parley-scroll{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;scroll-behavior:smooth;padding:28px 20px 24px}
@media (max-width:480px){.parley-scroll{padding:20px 12px 16px}}
.parley-log{display:flex;flex-direction:column;gap:10px;max-width:680px;margin:0 auto}
.parley-row{display:flex;align-items:flex-end;gap:10px;animation:parley-in .25s ease-out}
.parley-row[data-role="guest"]{justify-content:flex-end}
.parley-row[data-grouped="true"]{margin-top:-4px}
@keyframes parley-in{from{opacity:0;transform:translateY(6px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.parley-row{animation:none}.parley-scroll{scroll-behavior:auto}}
.parley-avatar{flex:none;width:36px;height:36px;border-radius:999px;overflow:hidden;background:var(--parley-host-bg);
  display:grid;place-items:center;color:var(--parley-host-color)}
.parley-avatar img{width:100%;height:100%;object-fit:cover;display:block}
.parley-avatar svg{width:22px;height:22px;opacity:.7}
.parley-avatar-spacer{flex:none;width:36px}
@media (max-width:480px){.parley-avatar,.parley-avatar-spacer{width:30px;height:30px}}
.parley-bubble{max-width:min(100%,560px);padding:10px 14px;border-radius:var(--parley-host-radius);word-wrap:break-word;overflow-wrap:anywhere;min-width:0}
.parley-host-bubble{background:var(--parley-host-bg);color:var(--parley-host-color);border:var(--parley-host-border);
  box-shadow:var(--parley-host-shadow);backdrop-filter:var(--parley-host-blur);-webkit-backdrop-filter:var(--parley-host-blur)}
.parley-guest-bubble{background:var(--parley-guest-bg);color:var(--parley-guest-color);border:var(--parley-guest-border);
  border-radius:var(--parley-guest-radius);box-shadow:var(--parley-guest-shadow);backdrop-filter:var(--parley-guest-blur);
  -webkit-backdrop-filter:var(--parley-guest-blur);white-space:pre-wrap}
.parley-guest-bubble a{color:inherit}
.parley-guest-files{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}
.parley-guest-files a{font-size:13px;opacity:.9}
.parley-text p,.parley-text h1,.parley-text h2,.parley-text h3,.parley-text ul,.parley-text ol,.parley-text blockquote{margin:0}
.parley-text>*+*{margin-top:.5em}
.parley-text h1{font-size:1.4em;line-height:1.25}.parley-text h2{font-size:1.2em}.parley-text h3{font-size:1.05em}
.parley-text ul,.parley-text ol{padding-left:1.3em}
.parley-text a{color:inherit;text-decoration:underline;text-underline-offset:2px}
.parley-text .parley-sources{margin-top:.6em;padding-top:.4em;border-top:1px solid rgb(0 0 0 / .15);font-size:.85em}
.parley-text .parley-sources-title{font-weight:600}
.parley-text .parley-sources ol{margin:0;padding-left:1.3em}
.parley-text code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;padding:1px 4px;border-radius:4px;background:rgb(0 0 0 / .06)}
.parley-text h4,.parley-text h5,.parley-text h6,.parley-text pre,.parley-text table,.parley-text hr{margin:0}
.parley-text h4,.parley-text h5,.parley-text h6{font-size:1em}
.parley-text pre{padding:10px 12px;border-radius:8px;background:rgb(0 0 0 / .06);white-space:pre-wrap;overflow-wrap:anywhere}
.parley-text pre code{padding:0;background:none;font-size:.875em}
.parley-text li>ul,.parley-text li>ol{margin-top:.25em}
.parley-text blockquote{padding-left:.8em;border-left:3px solid currentColor;opacity:.85}
.parley-text table{border-collapse:collapse;width:100%;font-size:.95em}
.parley-text th,.parley-text td{padding:4px 8px;border:1px solid rgb(0 0 0 / .15);text-align:left;vertical-align:top}
.parley-text th{font-weight:600}
.parley-text hr{border:0;border-top:1px solid currentColor;opacity:.3}
.parley-text img{max-width:100%;height:auto;border-radius:6px}
.parley-media-bubble{padding:6px;overflow:hidden}
.parley-media-bubble img{display:block;max-width:100%;max-height:420px;border-radius:calc(var(--parley-host-radius) - 4px);object-fit:contain}
.parley-image-placeholder{width:220px;height:160px;border-radius:8px;background:rgb(0 0 0 / .06)}
.parley-video{display:block;width:100%;border:0;border-radius:calc(var(--parley-host-radius) - 4px);background:#000}
.parley-video-bubble{width:min(100%,480px);padding:6px}
.parley-audio-bubble audio{display:block;width:min(280px,70vw);height:40px}
.parley-embed-bubble{width:100%;max-width:100%;padding:6px}
.parley-embed-bubble iframe{display:block;width:100%;border:0;border-radius:calc(var(--parley-host-radius) - 4px);background:#fff}
.parley-typing{display:inline-flex;align-items:center;gap:4px;height:24px;padding:0 2px}
.parley-typing span{width:7px;height:7px;border-radius:999px;background:currentColor;opacity:.35;animation:parley-dot 1.2s infinite ease-in-out}
.parley-typing span:nth-child(2){animation-delay:.15s}.parley-typing span:nth-child(3){animation-delay:.3s}
@keyframes parley-dot{0%,80%,100%{opacity:.25;transform:translateY(0)}40%{opacity:.8;transform:translateY(-3px)}}
@media (prefers-reduced-motion:reduce){.parley-typing span{animation:none;opacity:.5}}
.parley-notice{margin:8px auto 0;max-width:680px;display:flex;gap:12px;align-items:flex-start;padding:12px 14px;border-radius:12px;
  background:#FEF2F2;color:#7F1D1D;border:1px solid #FECACA;font-size:14px}
.parley-notice strong{display:block;font-weight:600}
.parley-notice p{margin:2px 0 0}
.parley-notice button.parley-notice-close{margin-left:auto;background:none;border:0;color:inherit;font-size:18px;line-height:1;padding:2px 4px}
.parley-notice a,.parley-notice .parley-link-button{color:inherit;font-weight:600;text-decoration:underline;background:none;border:0;padding:0}
.parley-status{display:grid;place-items:center;flex:1;padding:32px;text-align:center;color:var(--parley-container-color)}
.parley-status p{margin:0 0 16px;font-size:17px;max-width:420px}
.parley-end{display:flex;justify-content:center;padding-top:16px}
.parley-branding{display:flex;justify-content:center;padding:6px 0 10px;font-size:12px;opacity:.6}
.parley-branding a{color:inherit;text-decoration:none}
`;
