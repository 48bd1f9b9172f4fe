"""The HTML player: one self-contained page, one step per frame, driven in a real browser."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.i18n.typography import apply_typography
from tests.conftest import FALLING


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    folder = tmp_path_factory.mktemp("player")
    out = {}
    for lang in ("en", "fr"):
        target = folder / f"learn-{lang}.html"
        result = CliRunner().invoke(main, ["walkthrough", str(FALLING), "--lang", lang, "--format", "html",
                                           "-o", str(target)])
        assert result.exit_code == 0, result.output
        out[lang] = target
    return out


def test_the_page_needs_no_network_and_is_small(pages) -> None:  # type: ignore[no-untyped-def]
    html = pages["en"].read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html
    # no resource is fetched from anywhere: every src/href/url() is inline or a fragment
    references = re.findall(r'(?:src|href)="([^"]*)"', html) + re.findall(r"url\(([^)]*)\)", html)
    assert references and all(ref.startswith(("data:", "#")) for ref in references), \
        [ref[:40] for ref in references if not ref.startswith(("data:", "#"))]
    assert "//" not in re.sub(r"data:[^\"')]*", "", html.split("<script>")[0]).replace("</", "")
    assert len(html.encode()) < 2_000_000
    assert "@font-face" in html and "font/woff" in html and "image/webp" in html


def test_one_step_per_frame_with_its_caption(pages, plans) -> None:  # type: ignore[no-untyped-def]
    html = pages["en"].read_text(encoding="utf-8")
    frames = [view for plan in plans["en"] for view in plan.frames]
    assert html.count('<section class="step"') == len(frames)
    captions = re.findall(r'<div class="caption">(.*?)</div>', html)
    plain = [re.sub(r"<[^>]+>", "", re.sub(r'<span class="rule">.*?</span> ', "", c)) for c in captions]
    assert plain == [apply_typography(v.caption, "en").replace("**", "").replace("&", "&amp;") for v in frames]
    tags = re.findall(r'<span class="rule">(.*?)</span>', html)
    assert tags == [v.rule_label for v in frames if v.rule_label]


def test_the_french_page_has_no_english_caption(pages, plans) -> None:  # type: ignore[no-untyped-def]
    html = pages["fr"].read_text(encoding="utf-8")
    assert '<html lang="fr">' in html
    for plan in plans["en"]:
        for view in plan.frames:
            english = view.caption.replace("**", "")
            assert len(english) < 20 or english not in html, english
    assert "Suivant" in html and ">Next" not in html


def _driver(width: int, height: int):  # type: ignore[no-untyped-def]
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    driver_path = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not driver_path or not browser:
        pytest.skip("headless Chromium is not installed (apt-get install chromium chromium-driver)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={max(width, 500)},{height}"):
        options.add_argument(flag)
    if width < 500:  # a desktop window is never that narrow: emulate the phone
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                              "pixelRatio": 2.0}})
    return webdriver.Chrome(service=Service(driver_path), options=options)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_in_a_browser_the_arrow_key_steps_forward(pages, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = _driver(*size)
    try:
        driver.get(pages["en"].resolve().as_uri())
        caption = driver.find_element(By.CSS_SELECTOR, ".step.on .caption").text
        assert driver.find_element(By.ID, "counter").text == "1"
        for _ in range(3):
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        assert driver.find_element(By.ID, "counter").text == "4"
        # the card this step moved slides from where it lay in the previous frame (or is on its way)
        sliding = driver.execute_script(
            "return [].filter.call(document.querySelectorAll('.step.on [data-card]'), function(e){"
            "return e.getAttribute('data-card').indexOf('ghost-') !== 0 &&"
            " (e.style.transform || e.style.transition.indexOf('transform') >= 0);}).length")
        assert sliding >= 1
        now = driver.find_element(By.CSS_SELECTOR, ".step.on .caption")
        assert now.text and now.text != caption and now.is_displayed()
        driver.find_element(By.ID, "back").click()
        assert driver.find_element(By.ID, "counter").text == "3"
        table = driver.find_element(By.CSS_SELECTOR, ".step.on .table").rect
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        assert viewport <= size[0]
        # the table's strip fits the window (on a phone the table scrolls sideways inside it), the page does not
        assert table["width"] <= viewport and table["height"] > 100
        assert driver.execute_script("return document.documentElement.scrollWidth") <= viewport
        shot = Path(os.environ.get("CARDGEN_SCREENSHOTS", tmp_path)) / f"player-{size[0]}x{size[1]}.png"
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        driver.quit()


def test_one_gif_per_stage_each_frame_held_for_its_caption(tmp_path: Path, plans) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner
    from PIL import Image

    from cardgen.walkthrough.player import reading_ms

    folder = tmp_path / "gifs"
    result = CliRunner().invoke(main, ["walkthrough", str(FALLING), "--format", "gif", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("*.gif"))
    assert [f.name for f in files] == ["stage1.gif", "stage2.gif", "stage3.gif"]
    sizes = set()
    for gif, plan in zip(files, plans["en"]):
        with Image.open(gif) as image:
            assert image.n_frames == len(plan.frames)
            sizes.add(image.size)
            for index, view in enumerate(plan.frames):
                image.seek(index)
                assert image.info["duration"] >= reading_ms(view.caption) >= 2500
    assert len(sizes) == 1


def test_png_frames_carry_their_game_and_step(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardgen.games.falling.walkthrough import _labelled

    folder = tmp_path / "png"
    result = CliRunner().invoke(main, ["walkthrough", str(FALLING), "--format", "png", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    from cardgen.walkthrough.handout import StagePlan
    from cardgen.walkthrough.table_view import TableView

    view = TableView(seats=(), deck_count=0, grounds_in_deck=0, discard_top=None, discard_count=0, clock_ms=0)
    stage = StagePlan(key="a", title="Grounds", intro="", new_cards=(), frames=(view, view))
    labelled = _labelled([stage], lambda context, text: text)
    assert [v.stage_label for v in labelled[0].frames] == ["Game 1: Grounds · step 1 of 2",
                                                          "Game 1: Grounds · step 2 of 2"]


def test_the_french_page_is_set_in_french_typography(pages) -> None:  # type: ignore[no-untyped-def]
    """Captions and 'meanwhile' lines: a no-break space before ; : ! ? and decimal commas in times."""
    html = pages["fr"].read_text(encoding="utf-8")
    texts = re.findall(r'<(?:div class="caption"|p class="meanwhile")>(.*?)</(?:div|p)>', html)
    assert texts
    for text in texts:
        plain = re.sub(r"<[^>]+>", "", text)
        assert not re.search(r"[\w»)][;:!?](?!\d)", plain), plain
        assert not re.search(r"\d\d:\d\d\.\d", plain), plain


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_every_button_label_fits_its_button(pages, tmp_path: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    """F28: at 390 px « Lecture » and « Suivant » ran over their buttons' borders (the buttons were squeezed
    below their text's width). Each label stays on one line inside its button, playing or not."""
    from selenium.webdriver.common.by import By

    driver = _driver(390, 844)
    try:
        driver.get(pages[lang].resolve().as_uri())
        viewport = driver.execute_script("return document.documentElement.clientWidth")

        def overflowing() -> list[str]:
            return driver.execute_script(
                "return [].filter.call(document.querySelectorAll('nav button'), function(b){"
                "var r=b.getBoundingClientRect(), line=parseFloat(getComputedStyle(b).lineHeight)||20;"
                "return b.scrollWidth>b.clientWidth || r.right>arguments[0] || b.clientHeight>line*1.6+16;"
                "}).map(function(b){return b.id+': '+b.textContent;})", viewport)

        assert overflowing() == []
        driver.find_element(By.ID, "play").click()  # the label becomes "❚❚ Pause"
        assert overflowing() == []
        driver.save_screenshot(str(Path(os.environ.get("CARDGEN_SCREENSHOTS", tmp_path)) / f"player-phone-{lang}.png"))
    finally:
        driver.quit()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_the_tables_labels_stay_legible(pages, tmp_path: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    """review-print F10: at 390 px the whole table was scaled into the window and its labels ("Deck: 27",
    the names) came out at ~5 px. Under 600 px the table keeps its labels at 9 px or more and scrolls
    sideways in its own strip, centred on the dealer; the page itself never scrolls sideways."""
    from selenium.webdriver.common.by import By

    smallest_label_px = (
        "var svg=document.querySelector('.step.on svg'),k=svg.getBoundingClientRect().width/svg.viewBox.baseVal.width;"
        "return Math.min.apply(null,[].map.call(svg.querySelectorAll('text'),function(t){"
        "return parseFloat(t.getAttribute('font-size'))*k;}));")
    driver = _driver(390, 844)
    try:
        driver.get(pages[lang].resolve().as_uri())
        viewport = driver.execute_script("return document.documentElement.clientWidth")
        for _ in range(4):
            assert driver.execute_script(smallest_label_px) >= 9.0
            strip = driver.find_element(By.CSS_SELECTOR, ".step.on .table")
            assert strip.rect["width"] <= viewport
            assert driver.execute_script("return document.documentElement.scrollWidth") <= viewport
            dealer = driver.execute_script(  # the dealer's counters are in view, not scrolled away
                "var s=document.querySelector('.step.on .table'),r=s.getBoundingClientRect(),"
                "t=[].filter.call(s.querySelectorAll('text'),function(e){return /\\d/.test(e.textContent)"
                "&&/:/.test(e.textContent)&&/[A-Za-z]/.test(e.textContent)&&e.getBoundingClientRect().top<r.top+r.height*0.45;});"
                "return t.map(function(e){var b=e.getBoundingClientRect();return [b.left>=r.left&&b.right<=r.right,"
                "e.textContent];});")
            assert len(dealer) >= 2 and all(inside for inside, _ in dealer), dealer
            driver.find_element(By.ID, "next").click()
        driver.save_screenshot(str(Path(os.environ.get("CARDGEN_SCREENSHOTS", tmp_path)) / f"player-phone-table-{lang}.png"))
    finally:
        driver.quit()
    wide = _driver(1280, 720)
    try:
        wide.get(pages[lang].resolve().as_uri())
        table = wide.find_element(By.CSS_SELECTOR, ".step.on svg").rect
        assert table["width"] <= wide.execute_script("return document.documentElement.clientWidth")
        assert wide.execute_script("var s=document.querySelector('.step.on .table');return s.scrollWidth<=s.clientWidth")
    finally:
        wide.quit()


VISIBLE_CLOCK = """
var strip=document.querySelector('.step.on .table').getBoundingClientRect();
return [].filter.call(document.querySelectorAll('.step.on .clock, .step.on svg text'), function(e){
  if(!/^\\d\\d:\\d\\d[.,]\\d$/.test(e.textContent.trim()))return false;
  var b=e.getBoundingClientRect();if(!b.width||getComputedStyle(e).display==='none')return false;
  var inside=b.left>=Math.max(0,strip.left)&&b.right<=Math.min(innerWidth,strip.right)&&b.top>=Math.max(0,strip.top)
    &&b.bottom<=Math.min(innerHeight,strip.bottom);
  var events=e.style.pointerEvents;e.style.pointerEvents='auto';  /* hit-testing follows the painting order */
  var hit=document.elementFromPoint((b.left+b.right)/2,(b.top+b.bottom)/2);e.style.pointerEvents=events;
  return inside&&(e.namespaceURI.indexOf('svg')>=0||hit===e);  /* an HTML clock: on top, not under the drawing */
}).map(function(e){var b=e.getBoundingClientRect();return [e.textContent.trim(),b.left,b.top,b.right,b.bottom];});
"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_the_clock_stays_in_view_while_the_table_scrolls(pages, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """On a phone the table scrolls sideways in its strip, and the clock drawn at its top left went
    with it: the game time stays in the window (inside the strip, on top) wherever the strip is
    scrolled, and shows the step's time; on a desktop the drawn clock is in view as before."""
    from selenium.webdriver.common.by import By

    driver = _driver(*size)
    shots = Path(os.environ.get("CARDGEN_SCREENSHOTS", tmp_path))
    try:
        driver.get(pages["en"].resolve().as_uri())
        times = []
        for step in range(6):
            for where in ("0", "t.scrollWidth/2", "t.scrollWidth"):
                driver.execute_script(f"var t=document.querySelector('.step.on .table');t.scrollLeft={where};")
                clocks = driver.execute_script(VISIBLE_CLOCK)
                assert clocks, f"step {step + 1}, strip scrolled to {where}: no clock in view"
                assert len({text for text, *_ in clocks}) == 1, clocks
                times.append(clocks[0][0])
            if step == 5:
                driver.save_screenshot(str(shots / f"player-clock-{size[0]}x{size[1]}.png"))
            driver.find_element(By.ID, "next").click()
        assert times[0] == "00:00.0" and times[-1] != times[0]  # the step's own time, not a fixed label
        if size[0] < 600:  # the drawing's strip does scroll here, so the clock really was put to the test
            assert driver.execute_script("var t=document.querySelector('.step.on .table');"
                                         "return t.scrollWidth>t.clientWidth+100")
    finally:
        driver.quit()
