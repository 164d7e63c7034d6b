/* rules.h - site rules: ftr site-config files (Full-Text RSS, graby,
 * selfoss) with pith's own pith_* directives; reading, writing, matching a
 * page's address to a file, and applying a rule to a page.
 *
 * A struct rule keeps every line of its file in order (comments, blank
 * lines, unknown directives and malformed lines verbatim), so rewriting a
 * file never loses a user's lines; the typed lists (body, strip, ...) are
 * views into those lines, rebuilt by rule_index() after an edit.  A rule
 * owns its strings and dies with rule_free(); a struct rules_set owns its
 * rules.
 *
 * Problems in a file (malformed lines, XPath syntax) go to the caller's
 * rules_diag callback as (file, line, reason) and the rest still loads;
 * only an unreadable file or directory is an error (-1 and a reason in
 * err).  Nothing is printed here. */
#ifndef PITH_RULES_H
#define PITH_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "method/cc-decide.h"
#include "dom.h"
#include "extract.h"
#include "method/method.h"
#include "params.h"
#include "util.h"
#include "rules/xpath.h"

typedef void (*rules_diag)(void *ctx, const char *file, int line,
			   const char *reason);

enum rule_line_kind {
	RULE_BLANK, RULE_COMMENT, RULE_DIRECTIVE, RULE_BAD,
};

struct rule_line {
	enum rule_line_kind kind;
	char *name;      /* directive name: "body", "replace_string"; NULL unless DIRECTIVE */
	char *arg;       /* "x" of replace_string(x), http_header(x); or NULL */
	char *value;     /* trimmed value; the raw line for COMMENT and BAD */
	char *raw;       /* a DIRECTIVE's line as read (written back as it was), or NULL */
	char *src;       /* the line's bytes as read (NULs included), or NULL when
			    added in memory; written back with its own ending */
	size_t srclen;
	uint8_t ncr;     /* carriage returns before its line feed */
	bool nl;         /* it ended with a line feed (not the file's last bytes) */
	int lineno;      /* 1-based line in the file (where rule_write puts it) */
};

/* Values of one repeatable directive, pointing into the rule's lines. */
struct rule_list {
	const char **v;
	int *line;
	int n;
};

struct rule_test {
	const char *url;
	const char *file;          /* pith_test_file as written, or NULL */
	const char **contains;
	int ncontains;
	const char **not_contains;     /* test_not_contains: pith's own; other
					  readers ignore the directive */
	int nnot_contains;
	int line;
};

struct rule {
	char *path;                /* the file it came from, or NULL */
	char *host;                /* from the file name: "example.com", ".example.com" */
	struct rule_line *lines;
	int nlines;
	/* views, rebuilt by rule_index() */
	struct rule_list title, body, strip, strip_id_or_class, strip_image_src,
		date, author, pin, unpin, set, path_prefix;
	struct rule_test *tests;
	int ntests;
	bool autodetect_on_failure;   /* ftr's default: yes */
	int prune, tidy;              /* -1 unset, 0 no, 1 yes */
	const struct method *algo;    /* from pith_algo, or NULL */
	bool crlf;                    /* most lines end in CRLF: added ones do too */
	bool cr_only;                 /* the lines end in CR alone (no LF in the file) */
};

/* ---- reading and writing ---- */

/* Parse a rule from text; path names it in diagnostics and gives the host
 * (its file name without ".txt"; may be NULL).  *nerrors counts the
 * problems reported.  Never fails. */
struct rule *rule_parse(const char *text, size_t len, const char *path,
			rules_diag diag, void *ctx, int *nerrors);
/* Read and parse a file: 0, or -1 with a reason when it cannot be read. */
int rule_read(const char *path, struct rule **out, rules_diag diag, void *ctx,
	      int *nerrors, char *err, size_t errlen);
void rule_free(struct rule *r);
/* Rebuild the typed views from the lines (after rule_add/rule_remove). */
void rule_index(struct rule *r);

/* The file's text: every line as it was read, byte for byte with its
 * own line ending, lines added since as "name: value" ending as most of
 * the file's lines do.  without_pith drops pith_* lines (for strict ftr
 * consumers). */
void rule_write(const struct rule *r, bool without_pith, struct buf *out);
/* Write to path atomically, the old file kept as path.~N~ (file.h). */
int rule_save(const struct rule *r, const char *path, char *err, size_t errlen);

/* Append a directive line; remove every line of directive name (and its
 * test_contains / pith_test_file lines when name is "test_url").
 * Call rule_index() afterwards. */
void rule_add(struct rule *r, const char *name, const char *value);
void rule_remove(struct rule *r, const char *name);
/* Insert a directive line before line index at (0..nlines). */
void rule_insert(struct rule *r, int at, const char *name, const char *value);
/* Remove (and free) every line drop() says yes to. */
void rule_drop(struct rule *r, bool (*drop)(const struct rule_line *l, void *ctx), void *ctx);

/* Report XPath syntax errors, unknown functions and missing test files of
 * r; returns the number of problems. */
int rule_check(const struct rule *r, rules_diag diag, void *ctx);
/* Its XPath part alone, in the same words (what extract checks once, when
 * it loads the rules). */
int rule_check_xpath(const struct rule *r, rules_diag diag, void *ctx);

/* A strip_id_or_class or strip_image_src value without its quotes
 * (malloc'ed). */
char *rules_unquoted(const char *v);

/* Apply r's pith_algo (unless keep_algo) and pith_set lines. */
void rule_settings(const struct rule *r, bool keep_algo, const struct method **a,
		   struct params *p);

/* ---- a directory of rules, and matching ---- */

struct rules_set {
	struct rule **v;
	int n;
	bool single;               /* one FILE given: it matches every host */
};

/* Load FILE or every *.txt in DIR (sorted).  0, or -1 with a reason in err
 * when nothing could be read. */
int rules_load(const char *file_or_dir, struct rules_set **out, rules_diag diag,
	       void *ctx, int *nerrors, char *err, size_t errlen);
void rules_set_free(struct rules_set *s);

/* Host (lower case, no port) and path of an http(s) URL or a bare host;
 * 0, or -1 when there is no host. */
int rules_url_parts(const char *url, char *host, size_t hostlen,
		    const char **path);
/* The original address inside a web archive's (web.archive.org/web/
 * TIMESTAMP/ORIGINAL), written into out; NULL when url is no archive's. */
const char *rules_unarchive(const char *url, char *out, size_t outlen);
/* Do a and b name the same host, "www." aside? */
bool rules_same_site(const char *a, const char *b);
/* Does a file for filehost ("example.com", ".example.com") match host? */
bool rules_host_match(const char *filehost, const char *host);
/* The rule for url (NULL when unknown: only a single FILE then matches),
 * or NULL: exact host (with and without "www."), then ".parent" files from
 * the most specific; pith_path_prefix narrows. */
const struct rule *rules_match(const struct rules_set *s, const char *url);

/* ---- applying ---- */

/* Per-element text override for extract_text_mask(). */
enum { RULES_TEXT_METHOD = 0, RULES_TEXT_KEEP = 1, RULES_TEXT_DROP = 2 };

struct rules_outcome {
	const struct rule *rule;
	int body_line;        /* line of the body: expression used; 0: none matched */
	int nbody, nstrip;    /* elements (and text nodes, for strip) selected */
	int first_body;       /* the first element body: selected, or -1 */
	bool fallback;        /* the method decided (no body: matched) */
	char *title, *date, *author;   /* from the rule's XPaths, or NULL (owned) */
	int *line_of;         /* per element: the rule's line that selected it
				 (body:, strip:, pith_pin), 0 for none (owned) */
	uint8_t *marks;       /* per element: what selected it (rules-apply.c) */
	uint8_t *text_drop;   /* per text node: 1 when a strip: removed it;
				 NULL when none did (owned) */
	int ntexts;
};

void rules_outcome_free(struct rules_outcome *o);

/* Decide with r on d.  dc must hold the method's decision when no body:
 * matches (have_method), otherwise it is overwritten: body-selected
 * subtrees are content (reason rule-body), the rest noise; strip,
 * strip_id_or_class and strip_image_src subtrees are noise (rule-strip);
 * pith_pin/pith_unpin and then pins (may be NULL) apply on top, unless
 * ftr_only (as Full-Text RSS or wallabag read the rule: no pith_ lines).  mask gets
 * d->n entries of RULES_TEXT_* for extract_text_mask().  XPath errors go to
 * diag.  Also fills o's title and date. */
/* How the rule is read: RULES_FTR as Full-Text RSS and graby do (no
 * pith_ lines); RULES_CLASS_SUBSTRING takes strip_id_or_class as a
 * substring of class or id (Full-Text RSS) instead of a whole class
 * token or id (graby, and pith). */
enum { RULES_FTR = 1, RULES_CLASS_SUBSTRING = 2 };

/* The first half of rules_apply(), in an ftr reader's order: title: and
 * date: on the page, then every strip: (strip_id_or_class:,
 * strip_image_src:) in turn, each evaluated on the tree the ones before
 * it left, then body: on what is left (the first line that selects
 * anything).  pith_pin/pith_unpin are evaluated on the whole page and
 * win over both.  x is as it was when this returns. */
void rules_select(const struct rule *r, const struct dom *d, struct xpath_doc *x,
		  unsigned how, struct rules_outcome *o, rules_diag diag, void *ctx);
/* The second half: o's marks (and then pins, unless ftr_only) into dc
 * and mask, as rules_apply() says. */
void rules_decide(struct rules_outcome *o, const struct dom *d, const uint8_t *pins,
		  struct decision *dc, bool have_method, bool ftr_only, uint8_t *mask);

void rules_apply(const struct rule *r, const struct dom *d, struct xpath_doc *x,
		 const uint8_t *pins, struct decision *dc, bool have_method, bool ftr_only,
		 uint8_t *mask, struct rules_outcome *o, rules_diag diag, void *ctx);

/* ---- export ---- */

/* An XPath as a CSS selector list; attr gets the attribute of a trailing
 * "/@name" step (or "" when none).  0, or -1 when not expressible. */
int rules_xpath_to_css(const char *xpath, struct buf *out, char *attr,
		       size_t attrlen);
/* Postlight-parser custom extractor (JSON) and a CSS selector string.
 * Expressions with no CSS form go to diag; the count is returned. */
int rules_export_json(const struct rule *r, struct buf *out, rules_diag diag,
		      void *ctx);
int rules_export_css(const struct rule *r, struct buf *out, rules_diag diag,
		     void *ctx);

/* ---- writing rules from the inspector ---- */

/* A robust XPath for element id: @id, then distinctive class tokens,
 * then a path from the nearest such ancestor, then the absolute path;
 * each candidate is evaluated on x (built here when NULL) and kept only
 * when it selects exactly id.  Returns the number of elements the written
 * expression matches (1, or more only for an odd page). */
int rules_xpath_for(const struct dom *d, struct xpath_doc *x, int id,
		    struct buf *out);

/* Where w writes the rule for url: DIR/HOST.txt or FILE itself, the
 * directory (FILE's) made when missing; 0, or -1 with a reason. */
int rules_target(const char *url, const char *rules_dir_or_file, char *written,
		 size_t writtenlen, char *err, size_t errlen);

/* ---- learning a rule from several pages of a site ---- */

/* A page and the text the method keeps on it: kept[t] for each text
 * node of d, 3 for text the user pinned in (kept even where it recurs on
 * every page, as a box's heading does). */
struct rules_learn_page {
	const struct dom *d;
	const uint8_t *kept;
};

/* body: and strip: lines for the site the pages show, added to r: body:
 * is the stable expression (ids, class tokens, itemprop, role, article
 * or main; where the element has no id or class, a path from a stable
 * ancestor, its cell's place in a row of so many, the element holding
 * the one heading, the path from body; a union when the text sits in two
 * places) whose selection
 * best matches the kept text on every page, one more line for pages of
 * another layout where it selects nothing, put before r's own body:
 * lines; strip: lines remove what is dropped inside it, built from
 * class, id, attribute or tag, else a text that recurs on two pages,
 * else a position that holds on every page, and never remove kept text
 * of any page.  r's own strip: lines count as applied.  log gets a line
 * for each choice (may be NULL).  The number of body: lines added; with
 * none, why (may be NULL) names the best expression there was and a page
 * it selects nothing on. */
struct rules_learn_why {
	int page;                  /* a page the best expression misses, or -1 */
	char expr[512];            /* that expression; "" when there was none */
};
int rules_learn_lines(const struct rules_learn_page *pages, int n, struct rule *r,
		      struct buf *log, struct rules_learn_why *why);

/* The lines that differ between old and new, "- line" and "+ line" in
 * order (a longest-common-subsequence diff without context); nothing
 * when they are equal. */
void rules_diff(const char *old, size_t on, const char *new, size_t nn, struct buf *out);

#endif
