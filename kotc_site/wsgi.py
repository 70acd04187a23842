"""The WSGI application, for gunicorn: production settings unless DJANGO_SETTINGS_MODULE
names others (`manage.py` and `make run` use the development settings)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotc_site.settings.production")
application = get_wsgi_application()
