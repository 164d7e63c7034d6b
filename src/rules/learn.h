/* learn.h - a site rule learnt from the pages of a site the user has
 * loaded: what `w` in the inspector and `pith rules learn` write.
 *
 * Every page runs through the method (run.h, with the user's pins on the
 * pages that have them); rules_learn_lines() builds body: and strip: from
 * what is stable across the pages; a pin those lines do not reproduce
 * gets its own strip: or body: branch, verified on every page, or is
 * named in pins_why (learn-pins.c); title: and date: are added when one
 * expression gives them on every page, pith_algo and pith_set for the
 * method and parameters that are not the defaults; the rule is then
 * applied to every page as pith extract --rules does and as ftr readers
 * do, and each page learnt from that has an address (up to
 * LEARN_MAX_TESTS) gets a test: test_url (its own), pith_test_file, two test_contains sentences of its own (not
 * on the other pages, kept by the rule and shown on the screen) and a test_not_contains of text the rule leaves
 * out.
 *
 * Merging into an existing file keeps every line it has, byte for byte:
 * its body: lines stay after the new one (they may serve another
 * layout), its strip: lines apply while learning, its tests stay as
 * they are; only pith_algo and the pith_set lines of parameters set
 * again are replaced.  The result belongs to the caller
 * (learn_out_free); nothing is written to disk (rule_save). */
#ifndef PITH_LEARN_H
#define PITH_LEARN_H

#include "method/method.h"
#include "page.h"
#include "rules/rules.h"

#define LEARN_MAX_TESTS 5

struct learn_page {
	struct page *pg;
	const char *file;         /* the page's own file (pith_test_file), or NULL */
	const char *url;          /* its address (test_url), given; NULL: its own
				     (learn_page_url), else no test */
	const uint8_t *pins;      /* the user's pins on it, or NULL */
};

struct learn_check {
	double f_pith;            /* character F1 of the rule's text against the
				     method's, as pith extract --rules applies it */
	double f_ftr;             /* the same as ftr readers apply it (the worse
				     of graby's and Full-Text RSS's reading) */
	int body_line;            /* the body: line that matched, 0 for none */
};

struct learn_out {
	struct rule *rule;
	struct learn_check *check;    /* one per page */
	int npages;
	int worst;                    /* the page with the lowest figure */
	double worst_f;
	struct buf log;               /* what was chosen and kept, a line each */
	int unexpressed;              /* pins no line reproduces */
	struct buf pins_why;          /* each of them: which, on which page, why */
};

/* The rule for the site of url from pages[0..n), merged into the file at
 * path (read when it exists).  0, or -1 with a reason in err (nothing
 * kept on any page, an unreadable file, an expression too long). */
int learn_rule(const struct learn_page *pages, int n, const char *url,
	       const struct method *m, const struct params *p, const char *path,
	       struct learn_out *out, char *err, size_t errlen);
void learn_out_free(struct learn_out *o);
/* The page's own address on the site of site (its link rel=canonical or
 * og:url; inside a web archive's address, the original), in buf or
 * pointing into the page; NULL when it names none, or one of another
 * host. */
const char *learn_page_url(const struct page *pg, const char *site, char *buf, size_t len);

#endif
