"""The set pages: the list, a set's page and its forms (`pages`), its files (`files`: the
symbol, the numbered cards, the PDF, the ZIP, the Tabletop Simulator deck) and the import."""
