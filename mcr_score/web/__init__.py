"""The web side of mcr-score (`mcr-score serve`, the optional `web` extra): `api.create_app()` builds the
FastAPI app; `static/` holds the page, its script and style, and the offline docs page."""
