#include "cuatomlint/target.h"
#include "cuatomlint/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int parse_number(const char *s, size_t len, unsigned *out)
{
	unsigned v = 0;
	size_t i;
	if (len == 0 || len > 4)
		return -1;
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*out = v;
	return 0;
}

/*
 * The GPUs that exist: clang 19 knows sm_20 to sm_90a; newer ones are
 * parsed as clang's newest with their own __CUDA_ARCH__ (parse.c).  'a'
 * (arch-specific) exists from sm_90, 'f' (family) from sm_100.
 */
static const unsigned known_sms[] = {
	20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90,
	100, 101, 103, 110, 120, 121,
};

static int is_known(unsigned sm, char suffix)
{
	size_t i;
	if ((suffix == 'a' && sm < 90) || (suffix == 'f' && sm < 100))
		return 0;
	for (i = 0; i < sizeof(known_sms) / sizeof(known_sms[0]); i++)
		if (known_sms[i] == sm)
			return 1;
	return 0;
}

static int parse_span(const char *s, size_t len, struct cal_target *out)
{
	unsigned sm;
	char suffix = 0;

	if (len > 3 && !strncmp(s, "sm_", 3)) {
		s += 3;
		len -= 3;
	} else if (len > 8 && !strncmp(s, "compute_", 8)) {
		s += 8;
		len -= 8;
	}
	if (len > 1 && (s[len - 1] == 'a' || s[len - 1] == 'f')) {
		suffix = s[len - 1];
		len--;
	}
	if (parse_number(s, len, &sm) < 0 || !is_known(sm, suffix))
		return -1;
	/* "75" means sm_75; "7.5" style is not accepted. */
	out->sm = sm;
	out->suffix = suffix;
	return 0;
}

int cal_target_parse(const char *text, struct cal_target *out)
{
	return parse_span(text, strlen(text), out);
}

static int target_cmp(struct cal_target a, struct cal_target b)
{
	if (a.sm != b.sm)
		return a.sm < b.sm ? -1 : 1;
	return (int)(unsigned char)a.suffix - (int)(unsigned char)b.suffix;
}

int cal_target_set_add(struct cal_target_set *set, struct cal_target t)
{
	int i, pos = set->n;

	for (i = 0; i < set->n; i++) {
		int c = target_cmp(t, set->t[i]);
		if (c == 0)
			return 0;
		if (c < 0) {
			pos = i;
			break;
		}
	}
	if (set->n == CAL_MAX_TARGETS)
		return -1;
	memmove(&set->t[pos + 1], &set->t[pos],
		(size_t)(set->n - pos) * sizeof(set->t[0]));
	set->t[pos] = t;
	set->n++;
	return 0;
}

int cal_target_set_add_list(struct cal_target_set *set, const char *list,
			    const char **bad, int *bad_len)
{
	const char *p = list;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		struct cal_target t;

		if (parse_span(p, len, &t) < 0 || cal_target_set_add(set, t) < 0) {
			*bad = p;
			*bad_len = (int)len;
			return -1;
		}
		if (!end)
			return 0;
		p = end + 1;
	}
}

const char *cal_target_name(struct cal_target t, char *buf, int size)
{
	if (t.suffix)
		snprintf(buf, (size_t)size, "sm_%u%c", t.sm, t.suffix);
	else
		snprintf(buf, (size_t)size, "sm_%u", t.sm);
	return buf;
}

char *cal_target_mask_names(const struct cal_target_set *set, uint64_t mask)
{
	struct strbuf sb = STRBUF_INIT;
	char name[16];
	int i;

	if (mask & CAL_HOST_BIT)
		strbuf_adds(&sb, "host");
	for (i = 0; i < set->n; i++) {
		if (!(mask & ((uint64_t)1 << i)))
			continue;
		if (sb.len)
			strbuf_adds(&sb, ", ");
		strbuf_adds(&sb, cal_target_name(set->t[i], name, sizeof(name)));
	}
	return strbuf_detach(&sb);
}
