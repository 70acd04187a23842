"""The ASGI application: production settings unless DJANGO_SETTINGS_MODULE names others."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotc_site.settings.production")
application = get_asgi_application()
