"""What every request passes: body limits, CSRF, security headers, rate limits."""
