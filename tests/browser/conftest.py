"""The fixtures of tests/browser/pages.py, for every browser test: the site's pages with their
data (`site`), a browser window to open them in (`browse`), and the Content-Security-Policy
enforced (`csp_enforced`)."""

from tests.browser.pages import browse, csp_enforced, site  # noqa: F401
