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

/*
 * The AMD targets clang 19 compiles HIP for (gfx9 and newer: the ones with
 * global FP atomics worth judging), as their digits read in hexadecimal.
 */
static const unsigned known_gfx[] = {
	0x900, 0x902, 0x904, 0x906, 0x908, 0x909, 0x90a, 0x90c, 0x940, 0x941, 0x942,
	0x1010, 0x1011, 0x1012, 0x1013, 0x1030, 0x1031, 0x1032, 0x1033, 0x1034, 0x1035,
	0x1036, 0x1100, 0x1101, 0x1102, 0x1103, 0x1150, 0x1151, 0x1200, 0x1201,
};

/* "gfx90a", or a target id "gfx90a:xnack+" whose features do not change the code judged. */
static int parse_gfx(const char *s, size_t len, struct cal_target *out)
{
	const char *colon = memchr(s, ':', len);
	unsigned v = 0;
	size_t i;

	if (colon)
		len = (size_t)(colon - s);
	if (len < 6 || len > 7 || strncmp(s, "gfx", 3))
		return -1;
	for (i = 3; i < len; i++) {
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return -1;
		v = v * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0' : s[i] - 'a' + 10);
	}
	for (i = 0; i < sizeof(known_gfx) / sizeof(known_gfx[0]); i++) {
		if (known_gfx[i] == v) {
			out->sm = CAL_GFX_BASE + v;
			out->suffix = 0;
			return 0;
		}
	}
	return -1;
}

int cal_target_is_gfx(struct cal_target t)
{
	return t.sm >= CAL_GFX_BASE;
}

int cal_target_set_is_gfx(const struct cal_target_set *set)
{
	int i;
	for (i = 0; i < set->n; i++)
		if (!cal_target_is_gfx(set->t[i]))
			return 0;
	return set->n > 0;
}

unsigned cal_target_gfx_major(struct cal_target t)
{
	unsigned v = t.sm - CAL_GFX_BASE;
	if (!cal_target_is_gfx(t))
		return 0;
	return v >= 0x1000 ? (v >> 12) * 10 + ((v >> 8) & 0xf) : v >> 8;
}

unsigned cal_target_wave_size(struct cal_target t)
{
	return cal_target_gfx_major(t) >= 10 ? 32 : 64;
}

static int parse_span(const char *s, size_t len, struct cal_target *out)
{
	unsigned sm;
	char suffix = 0;

	if (len > 3 && !strncmp(s, "gfx", 3))
		return parse_gfx(s, len, out);
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
	if (cal_target_is_gfx(t))
		snprintf(buf, (size_t)size, "gfx%x", t.sm - CAL_GFX_BASE);
	else if (t.suffix)
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
