"""gunicorn's settings: `gunicorn kotc_site.wsgi --config python:kotc_site.gunicorn_conf` (the
Procfile's web process). Each is read from the environment, as the site's settings are."""

import os

# Where to listen: a loopback address behind a proxy on the same machine, the machine's
# private address behind a load balancer on another.
bind = os.environ.get("KOTC_BIND", "127.0.0.1:8000")
# Worker processes: about two per core. Each holds its own database connection (or none,
# with DATABASE_CONN_MAX_AGE=0).
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
# A request that takes longer is stuck (a PDF of a big deck takes a few seconds at most).
timeout = 60
graceful_timeout = 30
# Workers are replaced now and then, so memory a long-lived process gathers is given back.
max_requests = 2000
max_requests_jitter = 200
# django-structlog writes one line per request (with its id, user and duration): gunicorn's
# own access log would repeat it.
accesslog = None
errorlog = "-"
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
