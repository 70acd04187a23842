"""Leave DRF's plain tokens behind, and note who is logged in on which session.

The tokens of `rest_framework.authtoken` were stored as they are sent, so they are dropped
rather than carried over: their owners get a new, hashed token from POST /api/v1/auth/token/
or the account page. Sessions already open are recorded against their user, so "log out
everywhere" reaches them too (sessions from now on are recorded at login)."""

from django.conf import settings
from django.db import migrations
from django.utils import timezone


def note_open_sessions(apps, schema_editor):
    if settings.SESSION_ENGINE != "django.contrib.sessions.backends.db":
        return
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    LoginSession = apps.get_model("accounts", "LoginSession")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    users = set(User.objects.values_list("pk", flat=True))
    decoder = SessionStore()
    records = []
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        user_id = decoder.decode(session.session_data).get("_auth_user_id")
        if user_id is not None and str(user_id).isdigit() and int(user_id) in users:
            records.append(LoginSession(user_id=int(user_id), session_key=session.session_key))
    LoginSession.objects.bulk_create(records, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.RunSQL('DROP TABLE IF EXISTS "authtoken_token"', migrations.RunSQL.noop),
        migrations.RunPython(note_open_sessions, migrations.RunPython.noop),
    ]
