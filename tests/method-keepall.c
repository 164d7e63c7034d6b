/* method-keepall.c - a seventh method, for tests/methods.test only: it
 * keeps every element, with a reason of its own.  Built into
 * tests/pith-keepall and tests/gen-man-keepall with the one table line
 * -DPITH_EXTRA_METHODS(X)=X(keepall); nothing else names it. */
#include "config.h"

#include "method/method.h"

static const struct reason_desc keepall_reasons[] = {
	{ "kept", "keepall: every element is kept" },
};

static void
keepall_decide(struct page *pg, const void *site, int index, const char *name,
	       const struct params *p, void **state, struct decision *dc)
{
	(void)pg, (void)site, (void)index, (void)name, (void)p, (void)state;
	for (int i = 0; i < dc->n; i++) {
		dc->content[i] = 1;
		dc->reason[i] = (uint8_t)method_reason(&method_keepall, 0);
	}
}

const struct method method_keepall = {
	.name = "keepall",
	.summary = "every element kept (a test's method)",
	.needs_dom = true,
	.own_reasons = keepall_reasons,
	.nown_reasons = 1,
	.decide = keepall_decide,
};
