"""After a refused sign-up or log-in, the cursor lands on the first field to fix, and each
field with a problem says so to a screen reader (aria-invalid, aria-describedby → the error)."""

import lxml.html
import pytest

pytestmark = pytest.mark.django_db


def fields(response) -> dict[str, lxml.html.HtmlElement]:
    page = lxml.html.fromstring(response.content.decode())
    return {
        field.get("name"): field
        for field in page.xpath("//form[contains(@class, 'auth-form')]//input")
    }


def described_by(response, field: lxml.html.HtmlElement) -> str:
    page = lxml.html.fromstring(response.content.decode())
    ids = field.get("aria-describedby", "").split()
    return " ".join(page.get_element_by_id(i).text_content() for i in ids)


def test_a_fresh_signup_page_starts_at_the_username(client):
    form = fields(client.get("/accounts/signup/"))
    assert form["username"].get("autofocus") is not None
    assert form["username"].get("aria-invalid") is None


def test_passwords_that_differ_send_carol_to_the_second_password(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": "a-long-unusual-pass-42", "password2": "another-one-42"},
    )
    assert response.status_code == 400
    form = fields(response)
    assert [name for name, field in form.items() if field.get("autofocus") is not None] == [
        "password2"
    ]
    assert form["password2"].get("aria-invalid") == "true"
    assert "didn’t match" in described_by(response, form["password2"])
    assert form["username"].get("aria-invalid") is None


def test_a_taken_username_is_the_field_to_fix(client, alice):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "alice",
            "password1": "a-long-unusual-pass-42",
            "password2": "a-long-unusual-pass-42",
        },
    )
    form = fields(response)
    assert form["username"].get("autofocus") is not None
    assert form["username"].get("aria-invalid") == "true"
    assert "already exists" in described_by(response, form["username"])
    # Every id a field points at is on the page.
    for field in form.values():
        described_by(response, field)


def test_a_log_in_without_password_points_at_the_password(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": ""})
    form = fields(response)
    assert [name for name, field in form.items() if field.get("autofocus") is not None] == [
        "password"
    ]
    assert form["password"].get("aria-invalid") == "true"
    assert "required" in described_by(response, form["password"])


def test_a_wrong_password_is_the_whole_forms_error_and_the_username_keeps_the_focus(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "not-it-at-all"})
    assert "correct username and password" in response.content.decode()
    form = fields(response)
    assert form["username"].get("autofocus") is not None
    assert form["password"].get("aria-invalid") is None


def test_the_right_password_still_logs_alice_in(client, alice):
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
