/*
 * Target architectures of a build.
 *
 * A target is a real GPU architecture (sm_XX, with an optional 'a' or 'f'
 * feature suffix).  compute_XX and bare numbers are accepted on input and
 * mean the same sm.  Only GPUs that exist are accepted (sm_20 to sm_121,
 * see target.c), so a typo is a clear error, not libclang's.  A run holds at most CAL_MAX_TARGETS targets; findings
 * record the targets they hold for as a bit mask over the run's sorted
 * target list, with CAL_HOST_BIT standing for the host-side parse.
 */
#ifndef CUATOMLINT_TARGET_H
#define CUATOMLINT_TARGET_H

#include <stdint.h>

#define CAL_MAX_TARGETS 32
#define CAL_HOST_BIT ((uint64_t)1 << 63)

struct cal_target {
	unsigned sm;	/* 52, 90, 100 ... */
	char suffix;	/* 0, 'a' or 'f' */
};

/*
 * AMD targets (HIP): gfx90a is stored as CAL_GFX_BASE + 0x90a, the name's
 * digits read as hexadecimal, so every gfx target sorts after every sm and
 * no "sm below N" test ever holds for one.  A job whose targets are gfx
 * targets is a HIP job (parse.c, jobs.c).
 */
#define CAL_GFX_BASE 0x100000u

struct cal_target_set {
	struct cal_target t[CAL_MAX_TARGETS];
	int n;
};

/*
 * Parse one spelling ("sm_90a", "compute_75", "80") into *out.
 * Returns 0, or -1 if the text is not an architecture.
 */
int cal_target_parse(const char *text, struct cal_target *out);
/* Parse a comma-separated list and add each to set; -1 names the bad item in *bad. */
int cal_target_set_add_list(struct cal_target_set *set, const char *list,
			    const char **bad, int *bad_len);
int cal_target_set_add(struct cal_target_set *set, struct cal_target t);
/* Is t an AMD gfx target? */
int cal_target_is_gfx(struct cal_target t);
/* Are all of set's targets gfx targets (and is there one)? A HIP job. */
int cal_target_set_is_gfx(const struct cal_target_set *set);
/* A gfx target's wavefront size as HIP builds it: 64 (gfx9) or 32 (gfx10 and newer). */
unsigned cal_target_wave_size(struct cal_target t);
/* A gfx target's generation: 9 for gfx90a, 11 for gfx1100. */
unsigned cal_target_gfx_major(struct cal_target t);
/* Spell as "sm_90a" into buf (at least 16 bytes). */
const char *cal_target_name(struct cal_target t, char *buf, int size);
/* "sm_52, sm_61" for the targets in mask; host bit spelled "host". */
char *cal_target_mask_names(const struct cal_target_set *set, uint64_t mask);

#endif
