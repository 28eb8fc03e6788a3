/** Inputs: text fields, buttons, choices, ratings, file drop zone, payment. */
export const inputStyles = `
.parley-input-row{display:flex;justify-content:flex-end;width:100%;max-width:680px;margin:14px auto 0;animation:parley-in .25s ease-out}
@media (prefers-reduced-motion:reduce){.parley-input-row{animation:none}}
.parley-input{width:100%;max-width:min(100%,520px)}
.parley-input[data-wide="true"]{max-width:100%}
.parley-field-group{display:flex;align-items:stretch;gap:8px;padding:6px;background:var(--parley-input-bg);color:var(--parley-input-color);
  border:var(--parley-input-border);border-radius:var(--parley-input-radius);box-shadow:var(--parley-input-shadow);
  backdrop-filter:var(--parley-input-blur);-webkit-backdrop-filter:var(--parley-input-blur)}
.parley-field-group:focus-within{box-shadow:0 0 0 2px var(--parley-button-bg),0 0 0 5px color-mix(in srgb,var(--parley-button-bg) 22%,transparent)}
.parley-field{flex:1;min-width:0;border:0;outline:0;background:transparent;color:inherit;font:inherit;padding:8px 10px;resize:none}
.parley-field::placeholder{color:var(--parley-input-placeholder);opacity:1}
.parley-field:focus-visible{outline:none}
textarea.parley-field{min-height:96px;max-height:240px}
.parley-select{border:0;background:transparent;color:inherit;font:inherit;padding:0 4px;max-width:110px;border-right:1px solid rgb(0 0 0 / .1)}
.parley-button{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:42px;padding:8px 18px;font-weight:500;
  background:var(--parley-button-bg);color:var(--parley-button-color);border:var(--parley-button-border);border-radius:var(--parley-button-radius);
  box-shadow:var(--parley-button-shadow);backdrop-filter:var(--parley-button-blur);transition:filter .15s,transform .1s,opacity .15s;white-space:nowrap}
.parley-button:hover:not(:disabled){filter:brightness(1.08)}
.parley-button:active:not(:disabled){transform:scale(.98)}
.parley-button:disabled{opacity:.5}
.parley-button[data-variant="outline"]{background:transparent;color:var(--parley-button-bg);border-color:var(--parley-button-bg);
  border-style:solid;border-width:1px}
.parley-button[data-variant="ghost"]{background:transparent;color:inherit;border-color:transparent;box-shadow:none}
.parley-icon-button{padding:8px 12px}
.parley-icon-button svg{width:18px;height:18px}
.parley-input-error{margin:6px 4px 0;font-size:13px;color:#B91C1C;text-align:right}
.parley-input-hint{margin:6px 4px 0;font-size:13px;opacity:.7;text-align:right}
.parley-actions{display:flex;justify-content:flex-end;gap:8px;margin-top:8px;flex-wrap:wrap}
.parley-choices{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px}
.parley-choice{min-height:42px;padding:8px 16px;text-align:center;background:var(--parley-button-bg);color:var(--parley-button-color);
  border:var(--parley-button-border);border-radius:var(--parley-button-radius);box-shadow:var(--parley-button-shadow);transition:filter .15s,transform .1s}
.parley-choice:hover{filter:brightness(1.08)}
.parley-choice[aria-checked="false"][data-multiple="true"]{background:transparent;color:var(--parley-button-bg);border-color:var(--parley-button-bg)}
.parley-choice[aria-checked="true"][data-multiple="true"]{box-shadow:0 0 0 2px color-mix(in srgb,var(--parley-button-bg) 35%,transparent)}
.parley-search{margin-bottom:8px}
.parley-pictures{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px}
@media (max-width:480px){.parley-pictures{grid-template-columns:repeat(2,1fr)}}
.parley-picture{display:flex;flex-direction:column;text-align:left;padding:0;overflow:hidden;background:var(--parley-host-bg);color:var(--parley-host-color);
  border:var(--parley-host-border);border-radius:var(--parley-button-radius);transition:box-shadow .15s,transform .1s}
.parley-picture:hover{transform:translateY(-1px);box-shadow:0 4px 14px rgb(0 0 0 / .08)}
.parley-picture[aria-checked="true"]{box-shadow:0 0 0 3px var(--parley-button-bg)}
.parley-picture img{width:100%;aspect-ratio:4/3;object-fit:cover;display:block;background:rgb(0 0 0 / .05)}
.parley-picture span{display:block;padding:8px 10px 0;font-weight:600}
.parley-picture small{display:block;padding:2px 10px 10px;opacity:.75;font-size:13px}
.parley-picture span:last-child{padding-bottom:10px}
.parley-rating{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:6px}
.parley-rating:not([data-long="true"]):not([data-icons="true"]) button{flex:1 1 0;min-width:0;max-width:52px}
.parley-rating:not([data-long="true"]){flex-wrap:nowrap}
.parley-rating button{min-width:42px;height:42px;padding:0 6px;font-weight:600;background:transparent;color:var(--parley-button-bg);
  border:1px solid var(--parley-button-bg);border-radius:var(--parley-button-radius)}
.parley-rating button[aria-checked="true"],.parley-rating button[data-filled="true"]{background:var(--parley-button-bg);color:var(--parley-button-color)}
.parley-rating[data-icons="true"] button{border-color:transparent;background:transparent;color:var(--parley-button-bg);padding:0 2px;min-width:36px}
.parley-rating[data-icons="true"] button[data-filled="true"]{background:transparent;color:var(--parley-button-bg)}
.parley-rating[data-icons="true"] svg,.parley-rating[data-icons="true"] img{width:32px;height:32px}
.parley-rating[data-icons="true"] button[data-filled="false"] svg{fill:none}
.parley-rating[data-icons="true"] button[data-filled="false"] img{opacity:.35}
.parley-rating-labels{display:flex;justify-content:space-between;gap:12px;margin-top:6px;font-size:13px;opacity:.75}
.parley-dropzone{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;min-height:150px;padding:20px;text-align:center;
  background:var(--parley-input-bg);color:var(--parley-input-color);border:2px dashed color-mix(in srgb,var(--parley-input-color) 25%,transparent);
  border-radius:var(--parley-input-radius);cursor:pointer;transition:border-color .15s,background .15s}
.parley-dropzone[data-dragging="true"],.parley-dropzone:hover{border-color:var(--parley-button-bg)}
.parley-dropzone:has(:focus-visible){outline:2px solid var(--parley-button-bg);outline-offset:2px}
.parley-dropzone svg{width:28px;height:28px;opacity:.6}
.parley-file-list{list-style:none;margin:8px 0 0;padding:0;display:flex;flex-direction:column;gap:4px;font-size:14px}
.parley-file-list li{display:flex;justify-content:space-between;gap:8px;padding:6px 10px;border-radius:8px;background:rgb(0 0 0 / .04)}
.parley-date{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.parley-date .parley-button{margin-inline-start:auto}
.parley-date label{display:flex;flex-direction:column;flex:1;min-width:140px;font-size:13px;opacity:.9}
.parley-date label .parley-date-field{margin-top:4px}
.parley-date-field{position:relative;display:flex;align-items:center;flex:1;min-width:0}
.parley-calendar-toggle,.parley-calendar-nav{display:inline-flex;align-items:center;justify-content:center;flex:none;width:36px;height:36px;padding:0;
  border:0;border-radius:8px;background:transparent;color:inherit}
.parley-calendar-toggle:hover,.parley-calendar-nav:hover{background:color-mix(in srgb,currentColor 8%,transparent)}
.parley-calendar-toggle svg,.parley-calendar-nav svg{width:20px;height:20px}
[dir="rtl"] .parley-calendar-nav svg{transform:scaleX(-1)}
.parley-calendar{position:absolute;top:calc(100% + 8px);inset-inline-end:0;z-index:10;width:288px;max-width:calc(100vw - 32px);padding:10px;
  background:var(--parley-input-bg);color:var(--parley-input-color);border:var(--parley-input-border);border-radius:14px;
  box-shadow:0 10px 30px rgb(0 0 0 / .18);backdrop-filter:blur(16px);-webkit-backdrop-filter:blur(16px);font-size:14px}
.parley-calendar-header{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:6px;font-weight:600}
.parley-calendar table{width:100%;border-collapse:collapse;table-layout:fixed}
.parley-calendar th{padding:4px 0;font-size:12px;font-weight:500;text-align:center}
.parley-calendar td{padding:1px;text-align:center}
.parley-calendar td button{width:100%;height:36px;padding:0;border:0;border-radius:8px;background:transparent;color:inherit;font:inherit}
.parley-calendar td button:hover:not(:disabled){background:color-mix(in srgb,var(--parley-button-bg) 14%,transparent)}
.parley-calendar td button[aria-current="date"]{font-weight:700;text-decoration:underline}
.parley-calendar td button[aria-pressed="true"]{background:var(--parley-button-bg);color:var(--parley-button-color)}
.parley-calendar td button:disabled{opacity:.35}
.parley-calendar button:focus-visible,.parley-calendar-toggle:focus-visible{outline:2px solid var(--parley-button-bg);outline-offset:1px}
.parley-cards{list-style:none;margin:0;display:flex;gap:12px;overflow-x:auto;padding:4px 2px 8px;scroll-snap-type:x mandatory;justify-content:flex-start}
.parley-card{flex:none;width:240px;scroll-snap-align:start;display:flex;flex-direction:column;overflow:hidden;background:var(--parley-host-bg);
  color:var(--parley-host-color);border:var(--parley-host-border);border-radius:var(--parley-host-radius)}
.parley-card img{width:100%;aspect-ratio:16/10;object-fit:cover;display:block}
.parley-card-body{padding:12px 14px 4px;flex:1}
.parley-card-body h3{margin:0;font-size:16px}
.parley-card-body p{margin:4px 0 0;font-size:14px;opacity:.8}
.parley-card-paths{display:flex;flex-direction:column;gap:6px;padding:10px 14px 14px}
.parley-payment{padding:16px;background:var(--parley-host-bg);color:var(--parley-host-color);border:var(--parley-host-border);border-radius:var(--parley-host-radius)}
.parley-payment p{margin:0}
.parley-payment-amount{font-size:18px;font-weight:600;margin:0 0 8px}
.parley-payment-reason{font-size:14px;opacity:.8}
.parley-payment .parley-payment-unavailable{font-weight:600;margin:0 0 4px}
.parley-stripe-element{min-height:60px}
.parley-recorder{display:flex;align-items:center;gap:8px;flex:1;padding:0 8px;font-variant-numeric:tabular-nums}
.parley-recorder i{width:10px;height:10px;border-radius:999px;background:#DC2626;animation:parley-dot 1.2s infinite}
`;
