"""Drawing: the Jinja environment, the one board renderer, the words the web layer says."""
