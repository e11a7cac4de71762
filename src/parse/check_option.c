#include "parse/check_option.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"

/* clang-tidy users write our checks with the tool's prefix */
#define TIDY_PREFIX "cuatomlint-"

static const struct cal_check_option *declared(const struct cal_check *check, const char *name,
					       size_t len)
{
	const struct cal_check_option *o;

	for (o = check ? check->options : NULL; o && o->name; o++)
		if (strlen(o->name) == len && !strncmp(o->name, name, len))
			return o;
	return NULL;
}

const struct cal_check_option *cal_check_option_find(const char *key,
						     const struct cal_check **check)
{
	const char *dot;
	char *id;

	if (!strncmp(key, TIDY_PREFIX, strlen(TIDY_PREFIX)))
		key += strlen(TIDY_PREFIX);
	dot = strchr(key, '.');
	id = dot ? xstrndup(key, (size_t)(dot - key)) : NULL;
	*check = id ? cal_check_find(id) : NULL;
	free(id);
	return *check ? declared(*check, dot + 1, strlen(dot + 1)) : NULL;
}

static int parse_long(const char *text, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(text, &end, 10);
	return errno || end == text || *end ? -1 : 0;
}

int cal_check_option_check(const struct cal_check_option *opt, const char *value)
{
	long v;

	if (opt->type != CAL_OPTION_INT)
		return 0;
	return parse_long(value, &v) < 0 || v < opt->min || v > opt->max ? -1 : 0;
}

/* The value the config sets for the current check's option, else NULL. */
static const char *configured(const struct cal_walk *w, const char *name)
{
	const struct cal_option_settings *s = w->parse->options;
	size_t i, n = strlen(w->current->id);

	for (i = 0; s && i < s->nr; i++)
		if (!strncmp(s->items[i].key, w->current->id, n) && s->items[i].key[n] == '.' &&
		    !strcmp(s->items[i].key + n + 1, name))
			return s->items[i].value;
	return NULL;
}

const char *cal_option_string(const struct cal_walk *w, const char *name)
{
	const struct cal_check_option *opt = declared(w->current, name, strlen(name));
	const char *v = configured(w, name);

	/* a check reading an option it did not declare is a bug of the check */
	if (!opt)
		abort();
	return v ? v : opt->default_value;
}

long cal_option_int(const struct cal_walk *w, const char *name)
{
	long v;

	/* values were checked when the config was read */
	if (parse_long(cal_option_string(w, name), &v) < 0)
		abort();
	return v;
}
