#include "util/regex_guard.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATTERN 4096
#define MAX_EXPANSION 20000.0	/* tree nodes after repetitions are copied */

struct scan {
	const char *p;
	int bad;		/* adjacent repetition operators, or unbalanced */
	int depth;
};

static double alternatives(struct scan *s);

/* A bracket expression from its '[': ']' first (after '^') is a member. */
static void skip_bracket(struct scan *s)
{
	s->p++;
	if (*s->p == '^')
		s->p++;
	if (*s->p == ']')
		s->p++;
	while (*s->p && *s->p != ']') {
		if (s->p[0] == '[' && (s->p[1] == ':' || s->p[1] == '.' || s->p[1] == '=')) {
			const char *end = strstr(s->p + 2, s->p[1] == ':' ? ":]"
						 : s->p[1] == '.' ? ".]" : "=]");
			s->p = end ? end + 2 : s->p + strlen(s->p);
			continue;
		}
		s->p++;
	}
	if (*s->p)
		s->p++;
}

/* One atom's size in tree nodes. */
static double atom(struct scan *s)
{
	double size;

	if (*s->p == '(') {
		s->p++;
		if (++s->depth > 100) {
			s->bad = 1;
			return 1;
		}
		size = 1 + alternatives(s);
		s->depth--;
		if (*s->p == ')')
			s->p++;
		return size;
	}
	if (*s->p == '[') {
		skip_bracket(s);
		return 1;
	}
	if (*s->p == '\\' && s->p[1])
		s->p++;
	s->p++;
	return 1;
}

/* How many copies a repetition operator at s->p makes (advancing past it); 0: none there. */
static double repetition(struct scan *s)
{
	char *end;
	double m, n;

	if (*s->p == '*' || *s->p == '?') {
		s->p++;
		return 1;
	}
	if (*s->p == '+') {
		s->p++;
		return 2;
	}
	if (*s->p != '{' || s->p[1] < '0' || s->p[1] > '9')
		return 0;
	/* in double: a bound past LONG_MAX must not overflow */
	m = (double)strtol(s->p + 1, &end, 10);
	n = m;
	if (*end == ',' && end[1] >= '0' && end[1] <= '9')
		n = (double)strtol(end + 1, &end, 10);
	else if (*end == ',')
		n = m + 1, end++;	/* {m,}: m copies and a star */
	if (*end != '}')
		return 0;	/* not a bound: regcomp judges it */
	s->p = end + 1;
	return n > m ? n : m + 1;
}

static double sequence(struct scan *s)
{
	double total = 0, last = 0, copies;
	int after_repetition = 0;

	while (*s->p && *s->p != '|' && *s->p != ')') {
		if ((copies = repetition(s)) > 0) {
			if (after_repetition)
				s->bad = 1;
			total += last * (copies - 1);
			after_repetition = 1;
			continue;
		}
		last = atom(s);
		total += last;
		after_repetition = 0;
	}
	return total;
}

static double alternatives(struct scan *s)
{
	double total = sequence(s);

	while (*s->p == '|') {
		s->p++;
		total += sequence(s);
	}
	return total;
}

int cal_regex_ok(const char *pattern)
{
	struct scan s = { pattern, 0, 0 };
	regex_t re;
	double size = 0;

	if (!pattern || strlen(pattern) > MAX_PATTERN)
		return 0;
	do {
		size += alternatives(&s);
		if (*s.p == ')')
			s.p++;	/* regcomp judges an unmatched ')' */
	} while (*s.p && !s.bad && size <= MAX_EXPANSION);
	if (s.bad || size > MAX_EXPANSION)
		return 0;
	if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return 0;
	regfree(&re);
	return 1;
}
