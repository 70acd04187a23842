"""The community's pages: threads, likes and follows (social), notifications, reports and
moderation (moderation), and people: profiles, the feed and the home page (people)."""
