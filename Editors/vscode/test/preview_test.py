"""The preview's page in Chromium: the report page as page.js gives it to the webview, under its
Content-Security-Policy, must run its player with no violation and fetch nothing.

Run: MEDIATE=path/to/mediate python Editors/vscode/test/preview_test.py (make test runs it with
Playwright and Debian's Chromium, as Tests/Browser/player_test.py).
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
MEDIATE = os.environ.get("MEDIATE")
NODE = os.environ.get("NODE", "node")
SCRIPT = "process.stdout.write(require(process.argv[1]).webviewPage(require('fs').readFileSync(0, 'utf8'), 'vscode-webview://test', 'bm9uY2U='))"


def main():
    if not MEDIATE or not os.access(MEDIATE, os.X_OK):
        sys.exit("preview_test: set MEDIATE to the built mediate (make test does)")
    folder = Path(tempfile.mkdtemp(prefix="mediate-preview-"))
    failures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        # A scenario of the repository, and one whose text is markup and script.
        for scenario in ["Scenarios/control-room.scenario", "Tests/Hostile/hostile-report.scenario"]:
            report = folder / "report.html"
            subprocess.run([MEDIATE, "report", "-o", str(report), "--", str(ROOT / scenario)], check=True)
            page_js = str(ROOT / "Editors/vscode/page.js")
            html = subprocess.run([NODE, "-e", SCRIPT, page_js], input=report.read_text(), capture_output=True, text=True,
                                  check=True).stdout
            (folder / "preview.html").write_text(html)
            page = browser.new_page()
            errors, requests, dialogs = [], [], []
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("request", lambda request: requests.append(request.url))
            page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
            page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                                 "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))")
            url = (folder / "preview.html").as_uri()
            page.goto(url)
            where = page.locator("[id$='-where']").first
            if not (where.text_content() or "").startswith("Start, step 0"):
                failures.append(f"{scenario}: the player did not start: {where.text_content()!r}")
            page.locator("button[data-action='forward']").first.click()
            if not (where.text_content() or "").startswith("Step 1"):
                failures.append(f"{scenario}: Forward did not move the player: {where.text_content()!r}")
            if errors:
                failures.append(f"{scenario}: errors in the page: {errors}")
            if requests != [url]:
                failures.append(f"{scenario}: the page asked for more than itself: {requests}")
            if dialogs:
                failures.append(f"{scenario}: the scenario's text ran as script: {dialogs}")
            page.close()
        browser.close()
    for failure in failures:
        print("FAIL", failure)
    print(f"preview: the report page under the webview's CSP: {'FAILED' if failures else 'ok'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
