"""HTTP routes: the JSON API, the pages and their forms, the replay page."""
