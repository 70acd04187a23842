"""An email address is one account's, case aside, so a password reset reaches one account.

Accounts that shared an address before keep working: the address stays with the one that
logged in last (or joined last, if none ever logged in); the others keep their name, password,
cards and decks, and lose only the address, which their owner can set again on the account
page to one of their own. The rule is a unique index on the lower-cased address of the users'
table, for every address but the empty one (an account may have none)."""

from django.db import migrations
from django.db.models import F
from django.db.models.functions import Lower


def one_account_an_address(apps, schema_editor):
    User = apps.get_model("auth", "User")
    accounts = (
        User.objects.exclude(email="")
        .annotate(address=Lower("email"))
        .order_by(
            "address", F("last_login").desc(nulls_last=True), "-date_joined", "-pk"
        )
    )
    kept: set[str] = set()
    for user in accounts.iterator():
        if user.address in kept:
            User.objects.filter(pk=user.pk).update(email="")
        kept.add(user.address)


INDEX = "accounts_one_account_an_email"


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_keys_revoked"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(one_account_an_address, migrations.RunPython.noop),
        migrations.RunSQL(
            f"CREATE UNIQUE INDEX {INDEX} ON auth_user (lower(email)) WHERE email <> ''",
            f"DROP INDEX {INDEX}",
        ),
    ]
