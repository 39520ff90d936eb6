"""The companion's style sheet, served as ``/static/site.css``.

Phone first: one column, body type 16 px (17 px below 700 px), every tap target at least 44 px high. Words are
never broken across lines: only a long code (a hash, a token) breaks, where it is marked ``code``/``.code``.
A table fits the screen, or scrolls inside its own box (``.scroll``) with the player's name and the total pinned
(``position: sticky``); a table of many columns becomes labelled cards below 700 px. From 1000 px (and on
``/screen``, the screen everyone watches) two or three columns in large type.
"""

CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafaf7;margin:0;
padding:.5em .8em 3em;max-width:1400px;margin:0 auto;overflow-wrap:normal;word-break:normal;hyphens:manual}
header{scroll-margin-top:2em}header h1{font-size:1.2em;margin:.15em 0}header h1 .tag{font-size:.6em;vertical-align:.2em}
footer{margin-top:2em;border-top:1px solid #ddd}header .meta{margin:.1em 0}
nav{display:flex;flex-wrap:wrap;gap:0 .2em;margin:.1em 0 .3em}
nav a{color:#1f4e8c;display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 .45em}
nav a.here{font-weight:700;color:#1d1d1f;text-decoration:none}
h2{font-size:1.1em;border-bottom:2px solid #c9a227;padding-bottom:.15em;margin:.7em 0 .3em}
section{margin-bottom:.8em}
.turn{font-size:1.4em;font-weight:700;margin:.1em 0;border:0;padding:0}.winner-line{font-size:1.25em}
.next{background:#fff4c7;border-left:5px solid #c9a227;padding:.4em .6em;margin:.4em 0}
.meta{color:#4d4d4d;font-size:.95em}.ok{color:#14642a;font-weight:600}.bad{color:#a1121b;font-weight:600}
.flash{background:#e3f4e3;border:1px solid #9bc89b;padding:.45em .7em;margin:.3em 0;font-weight:600}
.flash.refused{background:#fbe0e0;border-color:#d99}
.scroll{overflow-x:auto;max-width:100%;-webkit-overflow-scrolling:touch}
table{border-collapse:separate;border-spacing:0;background:#fff;margin:.4em 0;max-width:100%}
th,td{border:1px solid #d5d5cf;border-width:0 1px 1px 0;padding:.3em .5em;text-align:left;vertical-align:top}
tr>:first-child{border-left-width:1px}thead tr:first-child>*,tbody:first-child tr:first-child>*{border-top-width:1px}
th{background:#efeee6}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.winner td{background:#fff4c7;font-weight:600}
table.score td.rank,table.score th.rank{position:sticky;left:0;z-index:1;background:inherit;min-width:2.8em;width:2.8em}
table.score td.who,table.score th.who{position:sticky;left:2.8em;z-index:1;white-space:nowrap}
table.score td.total,table.score th.total{position:sticky;right:0;z-index:1;font-weight:700;box-shadow:-2px 0 0 #d5d5cf}
table.score td{background:#fff}table.score th{background:#efeee6}table.score tr.winner td{background:#fff4c7}
table.pinned td:first-child,table.pinned th:first-child{position:sticky;left:0;z-index:1;background:#fff;white-space:nowrap}
table.pinned th:first-child{background:#efeee6}table.pinned tr.winner td:first-child{background:#fff4c7}
.phone-only{display:none}table.turned tr.sum td,table.turned tr.sum th{font-weight:700;background:#fff4c7}
table.turned{font-size:.88em}table.turned th,table.turned td{padding:.25em .35em}table.turned th[scope=row]{font-weight:600;white-space:normal;min-width:5.5em}
ul.sources{padding-left:1.1em;margin:.2em 0 .6em}ul.sources li{margin:.15em 0}h3{font-size:1em;margin:.7em 0 .2em}
.tag{display:inline-block;border-radius:3px;padding:0 .35em;font-size:.9em;font-weight:600;background:#eee}
.tag.rejected,.tag.error{background:#fbe0e0;color:#8b0d15}.tag.forced,.tag.warning{background:#fdf0cf;color:#6b4700}
.tag.voided{background:#e6e6e6;color:#4d4d4d;text-decoration:line-through}.tag.applied{background:#e3f4e3;color:#14642a}
.ruling{border:1px solid #ddd;border-left:5px solid #c0392b;background:#fff;padding:.4em .8em;margin:.6em 0}
.summary{font-style:italic}
ol.plays{list-style:none;padding:0;margin:0}ol.plays li{background:#fff;border:1px solid #e2e2dc;padding:.35em .5em;margin:.3em 0}
ol.plays li.recorded{border:2px solid #2e7d32}
.choices{display:flex;flex-wrap:wrap;gap:.4em;margin:.4em 0}
a.button,button{display:inline-flex;align-items:center;font:inherit;font-weight:600;padding:.45em .9em;border-radius:6px;
border:1px solid #1f4e8c;background:#1f4e8c;color:#fff;text-decoration:none;cursor:pointer;min-height:44px}
a.button.light,button.light{background:#fff;color:#1f4e8c}button.danger,a.button.danger{background:#a1121b;border-color:#a1121b}
a.button.danger.light{background:#fff;color:#a1121b}
form.stack label{display:block;margin:.6em 0 .15em;font-weight:600}
input,select,textarea{font:inherit;width:100%;max-width:32em;padding:.45em;border:1px solid #767676;border-radius:5px;background:#fff;min-height:44px}
input[type=checkbox]{width:1.4em;height:1.4em;min-height:0;margin:0 .5em 0 0;vertical-align:middle}
label.check{display:flex;align-items:center;gap:.3em;min-height:44px;font-weight:600}
.row{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin:.4em 0}.row>input,.row>select{flex:1 1 100%}
.nb{white-space:nowrap}.hint{color:#4d4d4d;font-size:.9em;font-weight:400}
a.button .hint,button .hint{color:#e6edf7}a.button.light .hint,button.light .hint{color:#4d4d4d}
svg{max-width:100%;height:auto}.lairs{display:flex;flex-wrap:wrap;gap:1em}
.lair{background:#fff;border:1px solid #ddd;padding:.3em;overflow-x:auto;max-width:100%}.lair svg{max-width:none}
.legend.phone-only{display:none}.swatch{display:inline-block;width:1em;height:1em;margin-right:.35em;vertical-align:-.1em;border-radius:2px}
.legend{display:flex;flex-wrap:wrap;gap:.3em;list-style:none;padding:0;margin:.4em 0}.legend li{border:1px solid #bbb;border-radius:4px;padding:.1em .45em}
code,.code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em;overflow-wrap:anywhere}
details>summary{cursor:pointer;min-height:44px;display:flex;align-items:center;color:#1f4e8c;font-weight:600}
@media (max-width:700px){
body{font-size:17px}header .meta{font-size:.85em}
#plays-now{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.35em}#plays-now a.button{display:block;padding:.25em .4em;text-align:center;font-size:.85em;line-height:1.25}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards thead{display:none}table.cards{border:0;background:none}
table.cards tr{background:#fff;border:1px solid #d5d5cf;border-radius:6px;margin:.4em 0;padding:.1em 0}
table.cards td{border:0;border-bottom:1px solid #eee;display:flex;justify-content:space-between;gap:.8em;text-align:right;
padding:.15em .5em}
table.cards td:last-child{border-bottom:0}
table.cards td::before{content:attr(data-label);font-weight:600;text-align:left;color:#3d3d3d;flex:none;max-width:55%}
table.cards td>span{min-width:0;overflow-wrap:break-word}
.wide-only{display:none}div.phone-only{display:block}.chart{overflow-x:auto}.chart svg{min-width:560px;max-width:none;width:560px}.chart svg text[dominant-baseline]{font-size:14px}ul.legend.phone-only{display:flex}
}
@media (min-width:1000px){
main.live{display:grid;grid-template-columns:1fr 1fr;gap:0 2em;grid-auto-flow:dense}main.live>section.wide{grid-column:1/3}
.row>input,.row>select{flex:1 1 12em}
}
body.screen{font-size:24px;max-width:none}body.screen .turn{font-size:2em}
body.screen main.live{display:grid;grid-template-columns:1fr 1fr 1fr;gap:0 1.5em}
/* the play pages (web/play_pages): the picks so far, a word of several picks, what the table played */
dl.picked div{display:flex;flex-wrap:wrap;gap:.2em .6em;align-items:center;margin:.3em 0}
dl.picked dt{font-weight:600;min-width:5em}
dl.picked dd{margin:0;display:flex;flex-wrap:wrap;gap:.4em;align-items:center}
dl.picked ul{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.4em}
fieldset{border:1px solid #d5d5cf;border-radius:6px;margin:.6em 0}
details summary{min-height:44px;padding:.6em 0;cursor:pointer}
.flash.ask{background:#fff4c7;border-color:#c9a227}
"""
