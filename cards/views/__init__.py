"""The card pages: the gallery and your cards, designing a card, a card's page and its history,
and the collection. Glue only: reads come from selectors, writes go through services, and what
the pages show of the rules is worked out in cards.verdict_panel and cards.design_preview."""
