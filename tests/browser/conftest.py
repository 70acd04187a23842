"""The fixtures of tests/browser/pages.py, for every browser test: the site's pages with their
data (`site`) and a browser window to open them in (`browse`)."""

from tests.browser.pages import browse, site  # noqa: F401
