/*
 * The check pages (docs/checks/<id>.md), embedded at build time for
 * SARIF's rule help: GitHub code scanning requires a help object per rule
 * and shows its markdown.  The table ends with a null id.
 */
#ifndef CUATOMLINT_CHECK_HELP_H
#define CUATOMLINT_CHECK_HELP_H

struct cal_check_help {
	const char *id;
	const char *markdown;
};

extern const struct cal_check_help cal_check_helps[];

/* The page of check id, or NULL. */
const char *cal_check_help_markdown(const char *id);
/* The page as plain text (markdown's emphasis and code marks dropped); caller frees. */
char *cal_check_help_text(const char *markdown);

#endif
