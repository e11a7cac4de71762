#include "util/regex_guard.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATTERN 4096
#define MAX_EXPANSION 20000.0	/* tree nodes after repetitions are copied */
/*
 * Nodes in optional copies ('?', '*', the n - m of '{m,n}'): regcomp's
 * epsilon closures are quadratic in them ('a{0,4000}' takes 125 MB and
 * 'a{0,8000}' 492 MB, while 'a{19000}' takes 5 MB).  2000 cost 32 MB.
 */
#define MAX_OPTIONAL 2000.0

struct scan {
	const char *p;
	int bad;		/* adjacent repetition operators, or unbalanced */
	int depth;
};

/* A piece of pattern's size in tree nodes, and how many of them are optional. */
struct nodes {
	double total;
	double optional;
};

static struct nodes alternatives(struct scan *s);

static void add_nodes(struct nodes *sum, struct nodes more)
{
	sum->total += more.total;
	sum->optional += more.optional;
}

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

/* One atom's nodes. */
static struct nodes atom(struct scan *s)
{
	struct nodes one = { 1, 0 };

	if (*s->p == '(') {
		s->p++;
		if (++s->depth > 100) {
			s->bad = 1;
			return one;
		}
		add_nodes(&one, alternatives(s));
		s->depth--;
		if (*s->p == ')')
			s->p++;
		return one;
	}
	if (*s->p == '[') {
		skip_bracket(s);
		return one;
	}
	if (*s->p == '\\' && s->p[1])
		s->p++;
	s->p++;
	return one;
}

/*
 * Whether a repetition operator is at s->p (advancing past it), and the
 * copies it makes of its atom, *required of them the ones that must match.
 */
static int repetition(struct scan *s, double *copies, double *required)
{
	char *end;
	double m, n;

	if (*s->p == '*' || *s->p == '?') {
		s->p++;
		*copies = 1;
		*required = 0;
		return 1;
	}
	if (*s->p == '+') {
		s->p++;
		*copies = 2;
		*required = 1;
		return 1;
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
	*copies = n > m ? n : m;
	*required = m;
	return 1;
}

/* An atom's nodes once copied: every node of an optional copy is optional. */
static struct nodes repeated(struct nodes one, double copies, double required)
{
	struct nodes all;

	all.total = one.total * (copies > 1 ? copies : 1);
	all.optional = one.optional * required + one.total * (copies - required);
	return all;
}

static struct nodes sequence(struct scan *s)
{
	struct nodes sum = { 0, 0 }, last = { 0, 0 };
	double copies, required;
	int after_repetition = 0;

	while (*s->p && *s->p != '|' && *s->p != ')') {
		if (repetition(s, &copies, &required)) {
			if (after_repetition)
				s->bad = 1;
			last = repeated(last, copies, required);
			after_repetition = 1;
			continue;
		}
		add_nodes(&sum, last);
		last = atom(s);
		after_repetition = 0;
	}
	add_nodes(&sum, last);
	return sum;
}

static struct nodes alternatives(struct scan *s)
{
	struct nodes sum = sequence(s);

	while (*s->p == '|') {
		s->p++;
		add_nodes(&sum, sequence(s));
	}
	return sum;
}

int cal_regex_ok(const char *pattern)
{
	struct scan s = { pattern, 0, 0 };
	struct nodes size = { 0, 0 };
	regex_t re;

	if (!pattern || strlen(pattern) > MAX_PATTERN)
		return 0;
	do {
		add_nodes(&size, alternatives(&s));
		if (*s.p == ')')
			s.p++;	/* regcomp judges an unmatched ')' */
	} while (*s.p && !s.bad && size.total <= MAX_EXPANSION &&
		 size.optional <= MAX_OPTIONAL);
	if (s.bad || size.total > MAX_EXPANSION || size.optional > MAX_OPTIONAL)
		return 0;
	if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB))
		return 0;
	regfree(&re);
	return 1;
}
