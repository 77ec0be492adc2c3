#!/usr/bin/python3
"""The web console in a real browser: headless Chromium driven by Selenium.

Run by Tests/GatewayTests/ConsoleBrowserTests.swift against `voiceplug run --http` with a real broker and
plugsim (Debian's python3, chromium, chromium-driver and python3-selenium; `make deps` installs them).

    console_browser.py check   --url URL --folder DIR --voiceplug BIN --speech WAV --shots DIR
    console_browser.py measure --url URL --folder DIR --voiceplug BIN --shots DIR [--clicks N]

`check` walks through what a person does and exits 1 at the first thing that is not as it should be, with a
screenshot of the page in --shots. `measure` prints one JSON line: the page's time to interactive, and the
time from a click on a card to the confirmed state shown on it.
"""
import argparse
import http.server
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def browser(fake_audio=None):
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--use-fake-ui-for-media-stream",
                     "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(argument)
    if fake_audio:
        # The microphone plays this file (from the start when the page opens it).
        options.add_argument("--use-file-for-fake-audio-capture=" + fake_audio)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Page:
    def __init__(self, driver, shots):
        self.driver = driver
        self.shots = shots
        self.step = "start"

    def wait(self, what, condition, timeout=10):
        self.step = what
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(lambda _: condition())
        except Exception:
            raise AssertionError(f"timed out: {what}")

    def card(self, plug_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'article.plug[data-id="{plug_id}"]')

    def card_state(self, plug_id):
        return self.card(plug_id).get_attribute("data-state")

    def shortcut_button(self, plug_id, state):
        return self.card(plug_id).find_element(By.CSS_SELECTOR, f'button.shortcut[data-state="{state}"]')

    def dialog_open(self):
        return self.driver.execute_script("return document.getElementById('shortcut-dialog').open")

    def text(self, element_id):
        return self.driver.find_element(By.ID, element_id).text

    def screenshot(self, name):
        path = os.path.join(self.shots, name + ".png")
        self.driver.save_screenshot(path)
        return path


def cli(args, *words):
    done = subprocess.run([args.voiceplug, *words], cwd=args.folder, capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise AssertionError(f"voiceplug {' '.join(words)} exited {done.returncode}: {done.stderr}")
    return done.stdout


def check(args):
    driver = browser(args.speech)
    page = Page(driver, args.shots)
    try:
        # Load: the plugs appear, the token leaves the address bar, the event stream is live.
        driver.get(args.url)
        page.wait("the page to be ready", lambda: driver.execute_script("return document.body.dataset.ready") == "true")
        assert "#token=" not in driver.current_url, "the token stays in the address bar"
        names = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "article.plug .name")]
        assert names[:3] == ["kitchen lamp", "desk fan", "christmas tree"], names
        page.wait("the event stream to be live", lambda: driver.find_element(By.ID, "connection").get_attribute("data-live") == "true")
        page.wait("the lamp's state to be known", lambda: page.card_state("kitchen-lamp") in ("on", "off"))

        # Click a card: it switches, and the card shows the plug's confirmed state.
        before = page.card_state("kitchen-lamp")
        page.card("kitchen-lamp").find_element(By.CSS_SELECTOR, "button.switch").click()
        after = "off" if before == "on" else "on"
        page.wait("the card to show the confirmed state", lambda: page.card_state("kitchen-lamp") == after)
        states = json.loads(cli(args, "plugs", "--json"))
        assert next(p for p in states if p["id"] == "kitchen-lamp")["state"] == after, states

        # The button says "Add" where there is no shortcut; the add dialog adds one, and the button says "Edit".
        button = page.shortcut_button("kitchen-lamp", "off")
        assert button.text == "Add voice shortcut", button.text
        button.click()
        page.wait("the add dialog", page.dialog_open)
        assert page.text("dialog-title") == "Add voice shortcut — kitchen lamp, off", page.text("dialog-title")
        assert not driver.find_element(By.ID, "dialog-delete").is_displayed(), "the add dialog offers delete"
        driver.find_element(By.ID, "shortcut-phrase").send_keys("lights out")
        driver.find_element(By.ID, "dialog-save").click()
        page.wait("the dialog to close after adding", lambda: not page.dialog_open())
        page.wait("the button to say Edit", lambda: page.shortcut_button("kitchen-lamp", "off").text == "✓ “lights out” — Edit")
        listed = json.loads(cli(args, "shortcuts", "list", "--json"))
        assert [s["phrase"] for s in listed] == ["lights out"], listed

        # The registry's refusal is shown in the dialog, which stays open; cancel leaves the button as it was.
        page.shortcut_button("tree", "on").click()
        page.wait("the add dialog for the tree", page.dialog_open)
        driver.find_element(By.ID, "shortcut-phrase").send_keys("turn off the kitchen lamp")
        driver.find_element(By.ID, "dialog-save").click()
        page.wait("the refusal in the dialog", lambda: "already means kitchen-lamp → off" in page.text("dialog-error"))
        assert page.dialog_open(), "the dialog closed on a refusal"
        driver.find_element(By.ID, "dialog-cancel").click()
        page.wait("the dialog to close on cancel", lambda: not page.dialog_open())
        assert page.shortcut_button("tree", "on").text == "Add voice shortcut"

        # Edit: the dialog holds the phrase, offers delete; saving changes the button.
        page.shortcut_button("kitchen-lamp", "off").click()
        page.wait("the edit dialog", page.dialog_open)
        assert page.text("dialog-title") == "Edit voice shortcut — kitchen lamp, off"
        field = driver.find_element(By.ID, "shortcut-phrase")
        assert field.get_attribute("value") == "lights out"
        assert driver.find_element(By.ID, "dialog-delete").is_displayed()
        field.clear()
        field.send_keys("good night", Keys.ENTER)
        page.wait("the button to show the edited phrase", lambda: page.shortcut_button("kitchen-lamp", "off").text == "✓ “good night” — Edit")
        assert not page.dialog_open()

        # Escape closes the dialog as cancel does.
        page.shortcut_button("kitchen-lamp", "off").click()
        page.wait("the edit dialog again", page.dialog_open)
        driver.find_element(By.ID, "shortcut-phrase").send_keys(Keys.ESCAPE)
        page.wait("the dialog to close on Escape", lambda: not page.dialog_open())
        assert page.shortcut_button("kitchen-lamp", "off").text == "✓ “good night” — Edit"

        # Delete: the button says Add again.
        page.shortcut_button("kitchen-lamp", "off").click()
        page.wait("the edit dialog for delete", page.dialog_open)
        driver.find_element(By.ID, "dialog-delete").click()
        page.wait("the button to say Add after delete", lambda: page.shortcut_button("kitchen-lamp", "off").text == "Add voice shortcut")
        assert cli(args, "shortcuts", "list", "--json").strip() == "[]"

        # A change made elsewhere (the CLI) appears without a reload, and so does a plug switched over MQTT.
        cli(args, "shortcuts", "add", "--device", "desk-fan", "--state", "on", "--phrase", "fan time")
        page.wait("the CLI's shortcut on the page", lambda: page.shortcut_button("desk-fan", "on").text == "✓ “fan time” — Edit")
        tree_before = page.card_state("tree")
        target = "off" if tree_before == "on" else "on"
        cli(args, "say", f"turn {target} the christmas tree")
        page.wait("the tree's card to follow an MQTT phrase", lambda: page.card_state("tree") == target)

        # A phrase typed in the box: its result, and the card.
        box = driver.find_element(By.ID, "phrase")
        box.send_keys("fan time", Keys.ENTER)
        page.wait("the typed phrase's result", lambda: "desk fan on" in page.text("result"))
        page.wait("the fan's card to be on", lambda: page.card_state("desk-fan") == "on")
        box.clear()
        box.send_keys("make me a sandwich", Keys.ENTER)
        page.wait("a refusal for an unknown phrase", lambda: driver.find_element(By.ID, "result").get_attribute("data-ok") == "false")
        box.clear()
        box.send_keys("what's on", Keys.ENTER)
        page.wait("the answer to a question about all plugs", lambda: page.text("result").startswith("“what's on”: on: ") and "desk fan" in page.text("result"))

        # Suggestions: a pair switched twice by phrase is offered, and one click adds it.
        cli(args, "say", "turn off the porch light")
        cli(args, "say", "turn off the porch light")
        page.wait("the suggestion", lambda: "porch light off" in page.text("suggestions"), timeout=10)
        suggestion = driver.find_element(By.CSS_SELECTOR, "#suggestions li button")
        assert suggestion.text == "Add “turn off the porch light”", suggestion.text
        suggestion.click()
        page.wait("the suggested shortcut added", lambda: page.shortcut_button("porch", "off").text == "✓ “turn off the porch light” — Edit")

        # Hold to speak: Chromium's fake microphone plays the WAV; released after it, the phrase is heard.
        if args.speech:
            page.wait("the fan's state known", lambda: page.card_state("desk-fan") == "on")
            speak = driver.find_element(By.ID, "speak")
            ActionChains(driver).click_and_hold(speak).pause(args.hold).release(speak).perform()
            page.wait("the spoken phrase's result", lambda: "desk fan off" in page.text("result"), timeout=30)
            page.wait("the fan's card to be off after speech", lambda: page.card_state("desk-fan") == "off")

        # Another site's page cannot use the API, even with the token: no CORS.
        blocked = cross_origin_attempt(driver, args.url)
        assert blocked.startswith("refused"), f"a cross-origin page read the API: {blocked}"

        if args.screenshot:
            driver.get(args.url.split("#")[0])
            page.wait("the page to be ready again", lambda: driver.execute_script("return document.body.dataset.ready") == "true")
            time.sleep(0.3)
            driver.save_screenshot(args.screenshot)
        print("browser: all steps passed")
        return 0
    except Exception as error:
        shot = page.screenshot("failure")
        logs = "\n".join(str(entry) for entry in driver.get_log("browser"))
        print(f"browser: FAILED at '{page.step}': {error}\n{traceback.format_exc()}screenshot: {shot}\nconsole:\n{logs}")
        return 1
    finally:
        driver.quit()


def cross_origin_attempt(driver, console_url):
    """Loads a page from another origin (a local server on another port) that tries the API with the token."""
    token = console_url.split("#token=")[1]
    base = console_url.split("#")[0].rstrip("/")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>elsewhere</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver.get(f"http://localhost:{server.server_address[1]}/")
        return driver.execute_async_script(
            """
            const [base, token, done] = arguments;
            fetch(base + "/api/plugs", {headers: {Authorization: "Bearer " + token}})
              .then((response) => response.text().then((text) => done("read " + response.status + " " + text)))
              .catch((error) => done("refused: " + error));
            """, base, token)
    finally:
        server.shutdown()


def measure(args):
    driver = browser()
    try:
        loads = []
        for _ in range(args.loads):
            driver.get(args.url)
            WebDriverWait(driver, 20, poll_frequency=0.01).until(
                lambda d: d.execute_script("return document.body.dataset.ready") == "true")
            # From the start of navigation to every card drawn with its state and shortcut buttons.
            loads.append(driver.execute_script("return window.voiceplugReadyAt"))
            driver.get("about:blank")
        driver.get(args.url)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready") == "true")
        cards = driver.execute_script("return document.querySelectorAll('article.plug').length")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('article.plug')].every((c) => c.dataset.state === 'on' || c.dataset.state === 'off')"))
        # In the page: the time from the click to the card showing the state the plug confirmed.
        clicks = driver.execute_async_script(
            """
            const [count, done] = arguments;
            const cards = [...document.querySelectorAll('article.plug')];
            const times = [];
            const next = (index) => {
              if (index >= count) { done(times); return; }
              const card = cards[index % cards.length];
              const wanted = card.dataset.state === 'on' ? 'off' : 'on';
              const observer = new MutationObserver(() => {
                if (card.dataset.state === wanted) {
                  times.push(performance.now() - start);
                  observer.disconnect();
                  setTimeout(() => next(index + 1), 20);
                }
              });
              observer.observe(card, {attributes: true, attributeFilter: ['data-state']});
              const start = performance.now();
              card.querySelector('button.switch').click();
            };
            next(0);
            """, args.clicks)
        print(json.dumps({
            "plugs": cards, "loads": len(loads), "interactive_ms_p50": statistics.median(loads),
            "interactive_ms_max": max(loads), "clicks": len(clicks), "click_to_confirmed_ms_p50": statistics.median(clicks),
            "click_to_confirmed_ms_p90": sorted(clicks)[int(len(clicks) * 0.9)]}))
        return 0
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["check", "measure"])
    parser.add_argument("--url", required=True, help="the console's address with #token=…")
    parser.add_argument("--folder", help="the gateway's folder (voiceplug.json), for CLI commands")
    parser.add_argument("--voiceplug", help="the voiceplug program")
    parser.add_argument("--speech", help="a WAV file the fake microphone plays")
    parser.add_argument("--hold", type=float, default=3.0, help="seconds the speak button is held")
    parser.add_argument("--shots", default=".", help="where screenshots go on failure")
    parser.add_argument("--screenshot", help="a screenshot of the page after the steps, to this file")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args()
    sys.exit(check(args) if args.mode == "check" else measure(args))


if __name__ == "__main__":
    main()
