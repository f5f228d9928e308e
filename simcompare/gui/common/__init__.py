"""What both pages share: palette, plain text, the worker pattern, messages, languages, diff view, exports."""
