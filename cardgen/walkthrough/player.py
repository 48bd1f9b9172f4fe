"""The walkthrough as one self-contained web page: step through the frames, or play them.

Every frame is the same drawing as in the PDF (the :class:`FramePainter` through an
:class:`SvgCanvas`); the card faces are the printed faces rasterised once each and inlined as data
URIs, the fonts subset to the characters the page uses and inlined too, so the file opens offline
in any browser. A script steps forward and back (buttons, arrow keys, swipe), plays at a chosen
pace, and slides each card from where it lay in the previous frame to where it lies now.
"""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass, replace
from html import unescape as html_unescape
from pathlib import Path

from cardgen.i18n.typography import apply_typography
from cardgen.output import atomic_path
from cardgen.render.fonts import register_fonts
from cardgen.render.svg_canvas import SvgCanvas
from cardgen.walkthrough.frames import CAPTION_H, ClockBadge, FramePainter, frame_size
from cardgen.walkthrough.handout import StagePlan
from cardgen.walkthrough.table_view import TableView
from cardgen.xml_escape import escape

FACE_PX = 180
"""Width in pixels a card face is rasterised at: sharp at 1280 px wide on a 2× screen."""
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


@dataclass(frozen=True)
class PlayerLabels:
    """The player's buttons and menus, in the walkthrough's language."""

    back: str = "Back"
    next: str = "Next"
    play: str = "Play"
    pause: str = "Pause"
    pace: str = "Pace"
    stage: str = "Game"
    step: str = "Step {n} of {count}"
    stage_heading: str = "Game {n}: {title}"
    slow: str = "slow"
    normal: str = "normal"
    fast: str = "fast"


def reading_ms(text: str) -> int:
    """How long a caption stays up when playing: 2.5 s, and 0.3 s a word beyond eight words."""
    words = len(re.findall(r"\w+", text))
    return 2500 + 300 * max(0, words - 8)


def _markup(text: str) -> str:
    """Caption text → HTML: escaped, ``**bold**`` kept as ``<strong>``."""
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escape(text))


def face_pictures(painter: FramePainter) -> dict[str, str]:
    """Every card face of the deck (and its back), rasterised once, as PNG data URIs by group key."""
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    from cardgen.render.reportlab_canvas import ReportlabCanvas

    renderer = painter.renderer
    w, h = renderer.width, renderer.height
    buffer = io.BytesIO()
    pdf = Canvas(buffer, pagesize=(w, h), invariant=1)
    keys = []
    for spec in renderer.deck.cards:
        painter._face(ReportlabCanvas(pdf), spec)
        pdf.showPage()
        keys.append(f"face-{spec.id}")
    painter._back(ReportlabCanvas(pdf))
    pdf.showPage()
    keys.append("back")
    pdf.save()
    pictures: dict[str, str] = {}
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        for index, key in enumerate(keys):
            image = document[index].render(scale=FACE_PX / w).to_pil().convert("RGB")
            out = io.BytesIO()
            image.save(out, format="WEBP", quality=82, method=4)
            pictures[key] = "data:image/webp;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    finally:
        document.close()
    return pictures


def _font_face(file: str, weight: int, text: str) -> str:
    """An @font-face rule with the font subset to ``text``'s characters, inlined as WOFF."""
    import logging

    from fontTools import subset

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # the fonts' old 'created' dates are harmless
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["kern"]
    options.hinting = False  # screens do without; a third of the size
    font = subset.load_font(io.BytesIO((FONT_DIR / file).read_bytes()), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text + "0123456789:.·–→←▶❚ ")
    subsetter.subset(font)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    data = base64.b64encode(out.getvalue()).decode("ascii")
    return (f"@font-face{{font-family:Lato;font-weight:{weight};font-display:block;"
            f"src:url(data:font/woff;base64,{data}) format('woff')}}")


def _frame_svg(painter: FramePainter, view: TableView, pictures: dict[str, str], symbols: dict[str, str]) -> tuple[str, str]:
    """The frame as inline SVG, and its clock pinned over the table strip on a phone (:func:`_pinned_clock`)."""
    width, height = frame_size(len(view.seats))
    canvas = SvgCanvas(width, height, pictures=pictures, symbols=symbols)
    # caption and meanwhile line are the page's own text, beside the drawing
    painter.draw(canvas, replace(view, caption="", meanwhile=""), width=width, height=height)
    svg = canvas.svg(attrs='role="img" aria-hidden="true" preserveAspectRatio="xMidYMid meet"', crop_bottom=CAPTION_H)
    return svg, _pinned_clock(painter.clock_badge, width)


def _pinned_clock(badge: ClockBadge | None, frame_width: float) -> str:
    """The clock badge again, in HTML, over the top left of the table strip: shown under 600 px only,
    where the strip scrolls sideways and takes the drawn badge out of sight. It covers the drawn one
    exactly when the strip is scrolled to its left end (the table is :data:`PHONE_TABLE_PX` wide there,
    less its 1 px border), so it stays put while the table moves under it."""
    if badge is None:
        return ""
    k = (PHONE_TABLE_PX - 2) / frame_width

    def px(value: float) -> str:
        return f"{value:.2f}".rstrip("0").rstrip(".") + "px"

    style = (f"left:{px(1 + badge.left * k)};top:{px(1 + badge.top * k)};width:{px(badge.width * k)};"
             f"height:{px(badge.height * k)};line-height:{px(badge.height * k)};font-size:{px(badge.size * k)};"
             f"border-radius:{px(3 * k)}")
    return f'<span class="clock" aria-hidden="true" style="{style}">{escape(badge.text)}</span>'


@dataclass(frozen=True)
class PlayerStep:
    """One step of the player: its picture (inline ``<svg>`` or ``<img>`` markup) and its text as HTML."""

    stage: int
    picture: str
    caption: str
    meanwhile: str = ""
    rule: str | None = None
    ms: int = 2500
    clock: str = ""
    """The frame's clock pinned over the table strip on a phone (HTML, see :func:`_pinned_clock`), if it has one."""


def build_player(title: str, stages: list[StagePlan], painter: FramePainter, *, labels: PlayerLabels,
                 language: str) -> str:
    """The whole page for a walkthrough of table frames, as a string."""
    register_fonts()
    pictures = face_pictures(painter)
    symbols: dict[str, str] = {}
    steps = [PlayerStep(stage=number, picture=svg, caption=_markup(apply_typography(view.caption, language)),
                        meanwhile=_markup(apply_typography(view.meanwhile, language)), rule=view.rule_label,
                        ms=reading_ms(view.caption), clock=clock)
             for number, stage in enumerate(stages, start=1) for view in stage.frames
             for svg, clock in (_frame_svg(painter, view, pictures, symbols),)]
    defs = f'<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{"".join(symbols.values())}</defs></svg>'
    return render_page(title, [stage.title for stage in stages], steps, labels=labels, language=language, defs=defs)


def render_page(title: str, stage_titles: list[str], steps: list[PlayerStep], *, labels: PlayerLabels, language: str,
                defs: str = "") -> str:
    """The self-contained page: ``steps`` grouped by stage, the controls, the fonts, the script."""
    menu: list[str] = []
    sections: list[str] = []
    first_of = {}
    for index, step in enumerate(steps):
        first_of.setdefault(step.stage, index)
    for number, stage_title in enumerate(stage_titles, start=1):
        heading = labels.stage_heading.replace("{n}", str(number)).replace("{title}", stage_title)
        if number in first_of:
            menu.append(f'<option value="{first_of[number]}">{escape(heading)}</option>')
    for step in steps:
        heading = labels.stage_heading.replace("{n}", str(step.stage)).replace(
            "{title}", stage_titles[step.stage - 1] if step.stage <= len(stage_titles) else "")
        tag = f'<span class="rule">{escape(step.rule)}</span> ' if step.rule else ""
        meanwhile = f'<p class="meanwhile">{step.meanwhile}</p>' if step.meanwhile else ""
        sections.append(f'<section class="step" data-stage="{step.stage}" data-ms="{step.ms}" '
                        f'aria-label="{escape(heading)}">'
                        f'<div class="table">{step.picture}</div>{step.clock}{meanwhile}'
                        f'<div class="caption">{tag}{step.caption}</div></section>')
    counter = escape(labels.step).replace("{n}", '<span id="counter">1</span>').replace(
        "{count}", f'<span id="total">{len(steps)}</span>')
    hidden = "" if len(menu) > 1 else ' hidden'
    body = (f'<header><h1>{escape(title)}</h1><label{hidden}>{escape(labels.stage)} '
            f'<select id="stage">{"".join(menu)}</select></label></header>'
            f'<main id="steps" aria-live="polite">{"".join(sections)}</main>'
            f'<nav><button id="back" type="button" aria-label="{escape(labels.back)}">← {escape(labels.back)}</button>'
            f'<button id="play" type="button" data-play="{escape(labels.play)}" data-pause="{escape(labels.pause)}">'
            f'▶ {escape(labels.play)}</button>'
            f'<button id="next" type="button" aria-label="{escape(labels.next)}">{escape(labels.next)} →</button>'
            f'<label>{escape(labels.pace)} <select id="pace"><option value="1.6">{escape(labels.slow)}</option>'
            f'<option value="1" selected>{escape(labels.normal)}</option>'
            f'<option value="0.6">{escape(labels.fast)}</option></select></label>'
            f'<span class="counter">{counter}</span></nav>')
    visible_text = re.sub(r"<[^>]+>", " ", body.replace("<svg", "\n<svg"))
    svg_text = " ".join(re.findall(r">([^<>]+)</text>", body))
    text = html_unescape(visible_text + svg_text + title)
    fonts = _font_face("Lato-Regular.ttf", 400, text) + _font_face("Lato-Bold.ttf", 700, text)
    return ("<!DOCTYPE html>\n"
            f'<html lang="{escape(language)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{fonts}{CSS}</style></head>"
            f"<body>{defs}{body}<script>{SCRIPT}</script></body></html>\n")


def write_player(target: Path, html: str) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_text(html, encoding="utf-8")
    return target


PHONE_TABLE_PX = 640
"""How wide the table is drawn on a screen under 600 px, in a strip that scrolls sideways: its
smallest label (8 pt of a 515 pt frame) is drawn at nearly 10 px (review-print F10)."""

CSS = """
*{box-sizing:border-box}
html,body{margin:0;background:#fbfaf7;color:#222;font-family:Lato,sans-serif}
body{display:flex;flex-direction:column;min-height:100vh;max-width:1100px;margin:0 auto;padding:6px 10px}
header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:6px}
h1{font-size:1.15rem;margin:4px 0}
select,button{font:inherit;font-size:1rem;padding:6px 10px;border-radius:6px;border:1px solid #9a9a9a;background:#fff;color:#222}
button{cursor:pointer;min-width:44px;min-height:44px}
button:focus-visible,select:focus-visible{outline:3px solid #e8a317;outline-offset:2px}
.step{display:none;position:relative}
.step.on{display:block}
.clock{display:none}
.table svg{display:block;width:100%;height:auto;max-height:calc(100vh - 190px);background:#fff;border:1px solid #ccc5b8;border-radius:6px}
.table [data-card]{transition:none}
.caption{font-size:1.05rem;line-height:1.4;margin:6px 0 0;padding:8px 12px;background:#f4f1ea;border-radius:6px;min-height:3.2em}
.caption p{margin:0 0 4px}
.table img{display:block;margin:0 auto;max-width:100%;height:auto;max-height:calc(100vh - 230px)}
.meanwhile{font-size:.9rem;color:#555;margin:6px 2px 0}
.rule{display:inline-block;background:#e8a317;color:#222;font-weight:700;border-radius:4px;padding:0 6px;margin-right:4px}
nav{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:8px 0}
.counter{margin-left:auto;font-weight:700}
nav button{white-space:nowrap}
@media (max-width:600px){h1{font-size:1rem}.caption{font-size:1rem}nav button{flex:1 1 auto;padding:6px 8px}
nav label{flex:1 1 100%}.counter{width:100%;text-align:center}
.table{overflow-x:auto;overscroll-behavior-x:contain}.table svg{width:PHONE_TABLE_PXpx;max-width:none;max-height:none}
.clock{display:block;position:absolute;z-index:1;background:#222;color:#fff;font-weight:700;text-align:center;
white-space:nowrap;pointer-events:none}}
""".replace("PHONE_TABLE_PX", str(PHONE_TABLE_PX))

SCRIPT = """
(function(){
var steps=[].slice.call(document.querySelectorAll('.step'));
var counter=document.getElementById('counter'),stage=document.getElementById('stage');
var play=document.getElementById('play'),pace=document.getElementById('pace');
var i=0,timer=null;
function slide(from,to){
  var before={};
  from.querySelectorAll('[data-card]').forEach(function(e){before[e.getAttribute('data-card')]=e.getBoundingClientRect();});
  return function(){
    var ms=Math.round(650*parseFloat(pace.value));
    to.querySelectorAll('[data-card]').forEach(function(e){
      var id=e.getAttribute('data-card');if(id.indexOf('ghost-')===0)return; /* a ghost stays where it was */
      var b=before[id];
      if(!b){if(e.animate)e.animate([{opacity:0},{opacity:1}],{duration:ms,easing:'ease-out'});return;}
      var a=e.getBoundingClientRect(),svg=e.ownerSVGElement,k=svg.viewBox.baseVal.width/svg.getBoundingClientRect().width;
      var dx=(b.left+b.width/2-a.left-a.width/2)*k,dy=-(b.top+b.height/2-a.top-a.height/2)*k;
      if(Math.abs(dx)+Math.abs(dy)<0.5)return;
      e.style.transition='none';e.style.transform='translate('+dx+'px,'+dy+'px)';
      requestAnimationFrame(function(){requestAnimationFrame(function(){
        e.style.transition='transform '+ms+'ms ease-in-out';e.style.transform='';});});
    });
  };
}
function pan(step,left){ /* a narrow screen scrolls the table sideways: keep the part looked at, else the dealer */
  var t=step.querySelector('.table');if(!t||t.scrollWidth<=t.clientWidth)return;
  t.scrollLeft=left||(t.scrollWidth-t.clientWidth)/2;
}
function show(j){
  j=Math.max(0,Math.min(steps.length-1,j));
  var from=steps[i],to=steps[j];
  var after=(j===i+1&&from.dataset.stage===to.dataset.stage)?slide(from,to):null;
  var strip=from.querySelector('.table'),left=strip?strip.scrollLeft:0;
  from.classList.remove('on');to.classList.add('on');i=j;
  pan(to,left);
  counter.textContent=String(i+1);
  var options=stage.options;for(var k=options.length-1;k>=0;k--){if(parseInt(options[k].value,10)<=i){stage.selectedIndex=k;break;}}
  if(after)after();
}
function stop(){if(timer){clearTimeout(timer);timer=null;}play.textContent='\\u25b6 '+play.dataset.play;}
function tick(){if(i>=steps.length-1){stop();return;}show(i+1);
  timer=setTimeout(tick,parseInt(steps[i].dataset.ms,10)*parseFloat(pace.value));}
function toggle(){if(timer){stop();}else{play.textContent='\\u275a\\u275a '+play.dataset.pause;
  timer=setTimeout(tick,parseInt(steps[i].dataset.ms,10)*parseFloat(pace.value));}}
document.getElementById('back').addEventListener('click',function(){stop();show(i-1);});
document.getElementById('next').addEventListener('click',function(){stop();show(i+1);});
play.addEventListener('click',toggle);
stage.addEventListener('change',function(){stop();show(parseInt(stage.value,10));});
document.addEventListener('keydown',function(e){
  if(e.target&&e.target.tagName==='SELECT')return;
  if(e.key==='ArrowRight'){stop();show(i+1);e.preventDefault();}
  else if(e.key==='ArrowLeft'){stop();show(i-1);e.preventDefault();}
  else if(e.key===' '&&!(e.target&&e.target.tagName==='BUTTON')){toggle();e.preventDefault();}
  else if(e.key==='Home'){stop();show(0);}else if(e.key==='End'){stop();show(steps.length-1);}
});
var x0=null;
document.addEventListener('touchstart',function(e){ /* a swipe on a table that scrolls pans it, elsewhere steps */
  var t=e.target.closest?e.target.closest('.table'):null;
  x0=(t&&t.scrollWidth>t.clientWidth)?null:e.touches[0].clientX;},{passive:true});
document.addEventListener('touchend',function(e){if(x0===null)return;var dx=e.changedTouches[0].clientX-x0;x0=null;
  if(Math.abs(dx)>40){stop();show(i+(dx<0?1:-1));}},{passive:true});
steps[0].classList.add('on');pan(steps[0],0);
})();
"""

__all__ = ["PlayerLabels", "PlayerStep", "build_player", "reading_ms", "render_page", "write_player"]

