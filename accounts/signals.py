"""Keeping tokens and sessions in step with logins and passwords.

A password can change through the site's form, Django's admin or `manage.py changepassword`;
listening to the user's save covers them all, so a new password always revokes every API
token and every key signed into an address (Django already ends the other browser sessions,
whose stored hash no longer matches)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from accounts import services

User = get_user_model()


@receiver(user_logged_in, dispatch_uid="accounts-remember-session")
def remember_session(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None:
        services.session_remember(user=user, session=session)


@receiver(user_logged_out, dispatch_uid="accounts-forget-session")
def forget_session(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None:
        services.session_forget(session_key=session.session_key)


@receiver(pre_save, sender=User, dispatch_uid="accounts-password-watch")
def note_password_change(
    sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any
) -> None:
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        instance._password_changed = False
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._password_changed = stored is not None and stored != instance.password


@receiver(post_save, sender=User, dispatch_uid="accounts-password-revoke")
def revoke_tokens_on_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    if getattr(instance, "_password_changed", False):
        instance._password_changed = False
        services.tokens_revoke_all(user=instance)
        services.keys_revoke(user=instance)
