/** Chrome of the popup and bubble embeds (inside their shadow root). */
export const embedStyles = `

.parley-embed-standard{display:block;width:100%;height:100%}
.parley-popup-overlay{position:fixed;inset:0;z-index:var(--parley-z,2147483000);display:flex;align-items:center;justify-content:center;
  padding:16px;background:rgb(15 23 42 / .45);animation:parley-fade .2s ease-out}
.parley-popup{position:relative;width:100%;max-width:var(--parley-popup-width,720px);height:min(720px,calc(100dvh - 32px));
  border-radius:18px;overflow:hidden;box-shadow:0 25px 60px -15px rgb(0 0 0 / .35);background:var(--parley-popup-bg,#fff)}
@media (max-width:480px){.parley-popup-overlay{padding:0}.parley-popup{height:100dvh;border-radius:0}}
.parley-close{position:absolute;top:10px;right:10px;z-index:5;width:34px;height:34px;display:grid;place-items:center;border:0;border-radius:999px;
  background:rgb(255 255 255 / .9);color:#18181b;box-shadow:0 1px 4px rgb(0 0 0 / .15);cursor:pointer;font:600 18px/1 system-ui,sans-serif}
.parley-close:focus-visible,.parley-bubble-button:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.parley-bubble-button{position:fixed;bottom:20px;right:20px;z-index:var(--parley-z,2147483000);width:var(--parley-bubble-size,56px);
  height:var(--parley-bubble-size,56px);border-radius:999px;border:0;display:grid;place-items:center;cursor:pointer;
  background:var(--parley-bubble-bg,#4f46e5);color:var(--parley-bubble-icon,#fff);box-shadow:0 8px 24px -6px rgb(0 0 0 / .35);
  transition:transform .15s ease}
.parley-bubble-button:hover{transform:scale(1.06)}
.parley-bubble-button svg,.parley-bubble-button img{width:50%;height:50%;object-fit:contain}
[data-placement="left"] .parley-bubble-button,[data-placement="left"] .parley-bubble-window,[data-placement="left"] .parley-preview{right:auto;left:20px}
.parley-bubble-window{position:fixed;bottom:90px;right:20px;z-index:var(--parley-z,2147483000);width:min(400px,calc(100vw - 40px));
  height:min(var(--parley-window-max-height,680px),calc(100dvh - 120px));max-width:var(--parley-window-max-width,400px);border-radius:18px;overflow:hidden;
  box-shadow:0 25px 50px -12px rgb(0 0 0 / .3);background:#fff;transform-origin:bottom right;animation:parley-pop .2s ease-out}
@media (max-width:480px){.parley-bubble-window{inset:0;width:100vw;height:100dvh;max-width:none;border-radius:0;bottom:0;right:0}}
.parley-preview{position:fixed;bottom:90px;right:20px;z-index:var(--parley-z,2147483000);display:flex;align-items:center;gap:10px;max-width:280px;
  padding:12px 14px;border-radius:14px;background:var(--parley-preview-bg,#fff);color:var(--parley-preview-color,#18181b);
  box-shadow:0 10px 30px -8px rgb(0 0 0 / .25);font:15px/1.4 system-ui,sans-serif;cursor:pointer;border:0;text-align:left}
.parley-preview img{width:32px;height:32px;border-radius:999px;object-fit:cover}
.parley-preview-close{position:absolute;top:-8px;right:-8px;width:22px;height:22px;border-radius:999px;border:0;background:#fff;color:#52525b;
  box-shadow:0 1px 4px rgb(0 0 0 / .2);cursor:pointer;font:14px/1 system-ui,sans-serif}
@keyframes parley-fade{from{opacity:0}to{opacity:1}}
@keyframes parley-pop{from{opacity:0;transform:scale(.94) translateY(8px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.parley-popup-overlay,.parley-bubble-window{animation:none}}
`;
