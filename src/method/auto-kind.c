/* auto-kind.c - the page's figures and the kind of page they say
 * (auto-kind.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "method/auto-kind.h"
#include "util.h"

const char *const page_kind_names[KIND_COUNT] = {
	"article", "forum", "documentation", "product", "listing", "service"
};

/* An element's sibling key: its tag and its class attribute, so that the
 * items of a list or grid share one whatever their class words mean. */
static uint64_t
sibling_key(const struct dom *d, int i)
{
	uint64_t h = 1469598103934665603ULL ^ (uint64_t)(unsigned)d->tag[i];
	const char *cls = dom_attr(d, i, "class");
	for (const unsigned char *s = (const unsigned char *)(cls ? cls : ""); *s; s++)
		h = (h ^ *s) * 1099511628211ULL;
	return h;
}

struct keyed {
	int parent;
	uint64_t key;
	int elem;
};

static int
cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->elem < y->elem ? -1 : x->elem > y->elem;
}

/* Is s[0..n) an instance's id: a word ending in a number of ID_DIGITS
 * digits or more set off by "-" or "_" ("post-15859", "menu-item-24191")?
 * A utility class's scale ("gray-100", "w-16") is shorter. */
#define ID_DIGITS 4
static bool
id_word(const unsigned char *s, size_t n)
{
	size_t nd = 0;
	while (nd < n && s[n - 1 - nd] >= '0' && s[n - 1 - nd] <= '9')
		nd++;
	return nd >= ID_DIGITS && nd < n && (s[n - 1 - nd] == '-' || s[n - 1 - nd] == '_');
}

/* The words of element i's class attribute but its instance ids, each
 * hashed, sorted and unique, at most CLASS_WORDS of them, into w; their
 * number, and in *ids whether there was an id. */
#define CLASS_WORDS 32
static int
class_words(const struct dom *d, int i, uint64_t *w, bool *ids)
{
	const char *cls = dom_attr(d, i, "class");
	int n = 0;
	*ids = false;
	for (const unsigned char *s = (const unsigned char *)(cls ? cls : ""); *s && n < CLASS_WORDS; ) {
		while (isspace(*s))
			s++;
		const unsigned char *b = s;
		uint64_t h = 1469598103934665603ULL;
		while (*s && !isspace(*s))
			h = (h ^ *s++) * 1099511628211ULL;
		if (s == b)
			break;
		if (id_word(b, (size_t)(s - b))) {
			*ids = true;
			continue;
		}
		int at = n;
		while (at > 0 && w[at - 1] > h)
			at--;
		if (at > 0 && w[at - 1] == h)
			continue;
		memmove(w + at + 1, w + at, (size_t)(n - at) * sizeof *w);
		w[at] = h;
		n++;
	}
	return n;
}

/* Do two sorted word sets share at least share of their union (two
 * empty ones do: classes of ids alone)? */
static bool
words_alike(const uint64_t *a, int na, const uint64_t *b, int nb, double share)
{
	int both = 0;
	for (int i = 0, j = 0; i < na && j < nb; ) {
		if (a[i] == b[j])
			both++, i++, j++;
		else if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return na + nb == 0 || both >= share * (na + nb - both);
}

/* v sorted by parent and tag (its keys): each item's sibling key.  An
 * item's key is its tag and class attribute, but where that attribute
 * holds an instance's id (a CMS names each card "product post-15859
 * first instock", the next "product post-15860 outofstock"), the items of
 * one parent and tag whose other class words are alike, CLASS_SHARE of
 * them in common, share the key of the first of them (CLUSTERS kinds at
 * most under one parent, then each its own). */
#define CLASS_SHARE 0.5
#define CLUSTERS 16
static void
cluster_keys(const struct dom *d, struct keyed *v, int k)
{
	uint64_t (*rw)[CLASS_WORDS] = xmalloc(CLUSTERS * sizeof *rw);
	int rn[CLUSTERS];
	uint64_t rkey[CLUSTERS] = { 0 };
	uint64_t w[CLASS_WORDS];
	for (int a = 0, z; a < k; a = z) {
		for (z = a + 1; z < k && v[z].parent == v[a].parent && v[z].key == v[a].key; z++)
			;
		int nr = 0;
		for (int j = a; j < z; j++) {
			bool ids;
			int n = class_words(d, v[j].elem, w, &ids);
			if (!ids) {
				v[j].key = sibling_key(d, v[j].elem);
				continue;
			}
			int c = 0;
			while (c < nr && !words_alike(rw[c], rn[c], w, n, CLASS_SHARE))
				c++;
			if (c == nr && nr < CLUSTERS) {
				memcpy(rw[nr], w, (size_t)n * sizeof *w);
				rn[nr] = n;
				rkey[nr] = sibling_key(d, v[j].elem);
				nr++;
			}
			v[j].key = c < nr ? rkey[c] : sibling_key(d, v[j].elem);
		}
	}
	free(rw);
}

/* A group of items (v[a..z), under one parent, of one key), its text
 * outside the site's regions, whether it lies in the main landmark, and
 * what makes another group like it: the items' and the parent's tags and
 * class words (no instance's id), the parent's depth. */
struct group {
	int a, z;
	long text;
	bool in_main;
	int tag, ptag, pdepth, nw, npw;
	uint64_t w[CLASS_WORDS], pw[CLASS_WORDS];
};

/* Whether group y is of group x's kind: items of one tag and alike class
 * words (CLASS_SHARE of them in common; items without class words are
 * alike to none but their siblings), under parents of one tag and alike
 * class words at one depth: the rows of a shop's products, the carousels
 * of a recipe index, one under each heading. */
static bool
groups_alike(const struct group *x, const struct group *y)
{
	return x == y || (x->tag == y->tag && x->ptag == y->ptag && x->pdepth == y->pdepth &&
			  x->nw > 0 && y->nw > 0 &&
			  words_alike(x->w, x->nw, y->w, y->nw, CLASS_SHARE) &&
			  words_alike(x->pw, x->npw, y->pw, y->npw, CLASS_SHARE));
}

/* The GROUP_SEEDS groups of most text, each alone, are the seeds; the
 * grid is the seed whose alike groups hold the most text together (a
 * bound on the pairs compared on a page of thousands of groups). */
#define GROUP_SEEDS 16

/* A group's rank among the seeds: in the main landmark, its text, its
 * index. */
struct rank {
	bool in_main;
	long text;
	int group;
};

/* One in the main landmark first, then more text, then document order. */
static int
cmp_rank(const void *a, const void *b)
{
	const struct rank *x = a, *y = b;
	if (x->in_main != y->in_main)
		return y->in_main - x->in_main;
	if (x->text != y->text)
		return x->text < y->text ? 1 : -1;
	return (x->group > y->group) - (x->group < y->group);
}

/* The groups of items: elements of two blocks or more (one: of one
 * block), under 1/2 of the page's text, that share their parent and key
 * with min - 1 others like them.  Each group's items are marked in rep
 * and the largest group's size kept in *largest (both when not NULL);
 * *items[0..*nitems), in document order, are the items of the group
 * that, with the groups alike to it (groups_alike), holds the most text
 * outside the site's own regions: one inside the page's main landmark
 * (main, -1 for none) before any outside it, a shop's products or a
 * blog's posts in main, not the trending stories or a mega menu beside
 * it, which may hold more.  sub[i] is the text of i's subtree, own[i]
 * the part of it outside those regions, blocks[i] its blocks. */
static void
group_items(const struct dom *d, const long *sub, const long *own, const int *blocks,
	    long total, int main, bool one, int min, uint8_t *rep, int *largest, int **items,
	    int *nitems)
{
	int n = d->n, k = 0;
	struct keyed *v = xmalloc(((size_t)n + 1) * sizeof *v);
	for (int i = 0; i < n; i++)
		if (d->parent[i] >= 0 && (one ? blocks[i] == 1 : blocks[i] >= 2) &&
		    2 * sub[i] < total)
			v[k++] = (struct keyed){ d->parent[i], (uint64_t)(unsigned)d->tag[i], i };
	/* siblings by tag, then by class (cluster_keys) */
	qsort(v, (size_t)k, sizeof *v, cmp_keyed);
	cluster_keys(d, v, k);
	qsort(v, (size_t)k, sizeof *v, cmp_keyed);
	if (largest)
		*largest = 0;
	struct group *g = NULL;
	int ng = 0, cap = 0;
	bool ids;
	for (int a = 0, z; a < k; a = z) {
		for (z = a + 1; z < k && v[z].parent == v[a].parent && v[z].key == v[a].key; z++)
			;
		if (z - a < min)
			continue;
		if (largest && z - a > *largest)
			*largest = z - a;
		if (ng == cap) {
			cap = cap ? 2 * cap : 16;
			g = xreallocarray(g, (size_t)cap, sizeof *g);
		}
		struct group *x = &g[ng++];
		int e = v[a].elem, p = v[a].parent;
		x->a = a;
		x->z = z;
		x->text = 0;
		for (int j = a; j < z; j++) {
			if (rep)
				rep[v[j].elem] = 1;
			x->text += own[v[j].elem];
		}
		x->in_main = main >= 0 && x->text > 0 && dom_contains(d, main, p);
		x->tag = d->tag[e];
		x->ptag = d->tag[p];
		x->pdepth = d->depth[p];
		x->nw = class_words(d, e, x->w, &ids);
		x->npw = class_words(d, p, x->pw, &ids);
	}
	/* the seeds: the groups of most text alone, in main first */
	struct rank *order = xmalloc(((size_t)ng + 1) * sizeof *order);
	for (int c = 0; c < ng; c++)
		order[c] = (struct rank){ g[c].in_main, g[c].text, c };
	qsort(order, (size_t)ng, sizeof *order, cmp_rank);
	int nseed = ng < GROUP_SEEDS ? ng : GROUP_SEEDS;
	long best = 0;
	bool best_main = false;
	int chosen = -1;
	for (int s = 0; s < nseed; s++) {
		const struct group *x = &g[order[s].group];
		long text = 0;
		bool in_main = false;
		for (int c = 0; c < ng; c++)
			if (groups_alike(x, &g[c])) {
				text += g[c].text;
				in_main |= g[c].in_main;
			}
		if (in_main > best_main || (in_main == best_main && text > best)) {
			best_main = in_main;
			best = text;
			chosen = order[s].group;
		}
	}
	int m = 0;
	for (int c = 0; chosen >= 0 && c < ng; c++)
		m += groups_alike(&g[chosen], &g[c]) ? g[c].z - g[c].a : 0;
	*items = xmalloc(((size_t)m + 1) * sizeof **items);
	*nitems = 0;
	for (int c = 0; chosen >= 0 && c < ng; c++)
		if (groups_alike(&g[chosen], &g[c]))
			for (int j = g[c].a; j < g[c].z; j++)
				(*items)[(*nitems)++] = v[j].elem;
	/* in document order, as page_in_grid walks them */
	qsort(*items, (size_t)m, sizeof **items, int_cmp);
	free(order);
	free(g);
	free(v);
}

/* What each of the page's tag names is to the figures (tags are interned:
 * one test a name, not a string compare an element). */
enum { T_CONTROL = 1, T_HEADING = 2, T_CODE = 4 };

static uint8_t *
tag_roles(const struct dom *d)
{
	static const char *const controls[] = { "input", "select", "textarea", "button" };
	static const char *const heads[] = { "h2", "h3", "h4", "h5", "h6" };
	static const char *const code_tags[] = { "pre", "code", "samp", "kbd", "tt", "var" };
	uint8_t *r = xcalloc((size_t)d->ntags + 1, 1);
	for (int t = 0; t < d->ntags; t++) {
		for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++)
			r[t] |= strcmp(d->tagnames[t], controls[i]) ? 0 : T_CONTROL;
		for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
			r[t] |= strcmp(d->tagnames[t], heads[i]) ? 0 : T_HEADING;
		for (size_t i = 0; i < sizeof code_tags / sizeof code_tags[0]; i++)
			r[t] |= strcmp(d->tagnames[t], code_tags[i]) ? 0 : T_CODE;
	}
	return r;
}

/* The share of the page's text outside the site's regions (characters
 * not white space) that stands in code elements of CODE_NAMED or fewer
 * characters each: a name of code in a sentence or a list ("the
 * WebSocket.send() method", an API reference's entries), where a
 * reference has few code blocks.  A longer one is a snippet (a share
 * box's embed code), which a code block's share counts where it is a
 * block.  in_code[i]: element i is or lies in a pre, code, kbd, samp,
 * tt or var (keys, a program's output, a variable, teletype text: old
 * manuals and generated references set their names so). */
#define CODE_NAMED 64
static double
code_named(const struct dom *d, const uint8_t *in_code, const uint8_t *site)
{
	int n = d->n;
	int *top = xmalloc(((size_t)n + 1) * sizeof *top);
	long *len = xcalloc((size_t)n + 1, sizeof *len);
	for (int i = 0; i < n; i++) {           /* the outermost code element */
		int p = d->parent[i];
		top[i] = p >= 0 && top[p] >= 0 ? top[p] : in_code[i] ? i : -1;
	}
	long named = 0, all = 0;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (x->flags & (TEXT_SKIP | TEXT_BREAK) || (site && site[x->block]))
			continue;
		const unsigned char *s = (const unsigned char *)d->pool + x->off;
		long c = 0;
		for (uint32_t i = 0; i < x->len; i++)
			c += (s[i] & 0xC0) != 0x80 && !isspace(s[i]);
		all += c;
		if (top[x->elem] >= 0)
			len[top[x->elem]] += c;
	}
	for (int i = 0; i < n; i++)
		named += len[i] <= CODE_NAMED ? len[i] : 0;
	free(top);
	free(len);
	return all > 0 ? (double)named / all : 0;
}

/* The schema.org types by which a page declares itself a discussion: a
 * thread's posts, a question and its answers. */
static const char *const discussion_types[] = { "DiscussionForumPosting", "QAPage" };

/* Does JSON-LD text s give one of them as a string value ("@type":
 * "QAPage"), not a key? */
static bool
ld_discussion(const char *s)
{
	for (size_t k = 0; k < sizeof discussion_types / sizeof *discussion_types; k++) {
		size_t n = strlen(discussion_types[k]);
		for (const char *at = strstr(s, discussion_types[k]); at;
		     at = strstr(at + n, discussion_types[k])) {
			const char *after = at + n + 1;
			while (isspace((unsigned char)*after))
				after++;
			if (at > s && at[-1] == '"' && at[n] == '"' && *after != ':')
				return true;
		}
	}
	return false;
}

/* Does a microdata itemtype (URLs, white space between them) end one
 * of its URLs with one of them ("https://schema.org/QAPage")? */
static bool
itemtype_discussion(const char *s)
{
	while (*s) {
		while (isspace((unsigned char)*s))
			s++;
		const char *b = s, *name = s;
		while (*s && !isspace((unsigned char)*s))
			if (*s++ == '/')
				name = s;
		for (size_t k = 0; s > b && k < sizeof discussion_types / sizeof *discussion_types; k++)
			if ((size_t)(s - name) == strlen(discussion_types[k]) &&
			    !strncmp(name, discussion_types[k], (size_t)(s - name)))
				return true;
	}
	return false;
}

/* The documentation generators a page may name in its meta generator
 * ("Doxygen 1.9.4", "mkdocs-1.6.1, mkdocs-material-9", "GTK-Doc V1.33.1
 * (XML mode)"): the name starts its content, case aside, and no letter
 * or digit follows it. */
static const char *const doc_generators[] = {
	"Doxygen", "Docutils", "Sphinx", "MkDocs", "Docusaurus", "rustdoc", "GTK-Doc",
	"texi2html", "texi2any", "makeinfo", "DocBook XSL", "Modular DocBook", "javadoc",
	"pdoc", "TypeDoc", "VuePress", "VitePress", "GitBook", "bookdown", "Antora",
	"Starlight", "Nextra", "mdBook",
};

static const char *
doc_generator(const char *content)
{
	while (isspace((unsigned char)*content))
		content++;
	for (size_t k = 0; k < sizeof doc_generators / sizeof *doc_generators; k++) {
		size_t n = strlen(doc_generators[k]);
		if (!strncasecmp(content, doc_generators[k], n) && !isalnum((unsigned char)content[n]))
			return doc_generators[k];
	}
	return NULL;
}

void
page_figures_compute(const struct dom *d, const int *order, const int *chars, int nb,
		     const int *link, const uint8_t *ends, const uint8_t *site,
		     struct page_figures *pf)
{
	int n = d->n;
	memset(pf, 0, sizeof *pf);
	pf->in_repeat = xcalloc((size_t)n + 1, 1);
	long *sub = xcalloc((size_t)n + 1, sizeof *sub);
	long *own = xcalloc((size_t)n + 1, sizeof *own);
	int *blocks = xcalloc((size_t)n + 1, sizeof *blocks);
	long linked = 0, prose = 0;
	for (int j = 0; j < nb; j++) {
		int b = order[j];
		sub[b] += chars[j];
		own[b] += site && site[b] ? 0 : chars[j];
		blocks[b] += chars[j] > 0;
		pf->chars += chars[j];
		linked += link[b];
		if (chars[j] >= 80 && ends[b])
			prose += chars[j];
	}
	for (int i = n - 1; i > 0; i--)         /* children follow parents */
		if (d->parent[i] >= 0) {
			sub[d->parent[i]] += sub[i];
			own[d->parent[i]] += own[i];
			blocks[d->parent[i]] += blocks[i];
		}
	/* the repeated items (a card's title and text, a post's author and
	 * message; not a paragraph of a text, not a menu's link) and the
	 * grid among them; the cards of one block, a title alone */
	int main = pf->main = dom_main(d);
	group_items(d, sub, own, blocks, pf->chars, main, false, KIND_REPEAT_MIN, pf->in_repeat,
		    &pf->repeats, &pf->grid, &pf->ngrid);
	group_items(d, sub, own, blocks, pf->chars, main, true, CARDS1_MIN, NULL, NULL,
		    &pf->cards1, &pf->ncards1);
	free(blocks);
	free(own);
	uint8_t *in_code = xcalloc((size_t)n + 1, 1);
	uint8_t *role = tag_roles(d);
	int script = dom_tag_id(d, "script"), meta = dom_tag_id(d, "meta");
	for (int i = 0; i < n; i++) {
		int p = d->parent[i];
		uint8_t r = role[d->tag[i]];
		if (p >= 0) {
			pf->in_repeat[i] |= pf->in_repeat[p];
			in_code[i] = in_code[p];
		}
		if (r & T_CODE)
			in_code[i] = 1;
		if (r & T_CONTROL) {
			const char *type = dom_attr(d, i, "type");
			pf->forms += !(type && strcmp(type, "hidden") == 0);
		}
		if (sub[i] > 0 && r & T_HEADING)
			pf->headings++;
		if (!pf->discussion && d->tag[i] == script) {
			const char *type = dom_attr(d, i, "type");
			bool ld = type && strstr(type, "ld+json");
			for (int t = d->text_begin[i]; ld && t < d->text_end[i] && !pf->discussion; t++)
				pf->discussion = ld_discussion(dom_text(d, t));
		}
		const char *it = pf->discussion ? NULL : dom_attr(d, i, "itemtype");
		pf->discussion |= it && itemtype_discussion(it);
		if (!pf->generator && meta >= 0 && d->tag[i] == meta) {
			const char *name = dom_attr(d, i, "name");
			const char *content = dom_attr(d, i, "content");
			if (name && content && !strcasecmp(name, "generator"))
				pf->generator = doc_generator(content);
		}
	}
	free(role);
	pf->code_named = code_named(d, in_code, site);
	long repeated = 0, code = 0, grid = 0, grid_link = 0;
	for (int j = 0, g = 0; j < nb; j++) {
		int b = order[j];
		repeated += pf->in_repeat[b] ? chars[j] : 0;
		code += in_code[b] ? chars[j] : 0;
		if (page_in_grid(d, pf, &g, b)) {
			grid += chars[j];
			grid_link += link[b];
		}
	}
	if (pf->chars > 0) {
		pf->link = (double)linked / pf->chars;
		pf->prose = (double)prose / pf->chars;
		pf->repeat = (double)repeated / pf->chars;
		pf->code = (double)code / pf->chars;
		pf->grid_share = (double)grid / pf->chars;
	}
	if (grid > 0)
		pf->grid_link = (double)grid_link / grid;
	free(in_code);
	free(sub);
}

static bool
in_items(const struct dom *d, const int *items, int n, int *at, int b)
{
	while (*at < n && d->end[items[*at]] <= b)
		(*at)++;
	return *at < n && items[*at] <= b;
}

bool
page_in_grid(const struct dom *d, const struct page_figures *pf, int *at, int b)
{
	return in_items(d, pf->grid, pf->ngrid, at, b);
}

bool
page_in_cards1(const struct dom *d, const struct page_figures *pf, int *at, int b)
{
	return in_items(d, pf->cards1, pf->ncards1, at, b);
}

void
page_figures_free(struct page_figures *pf)
{
	free(pf->in_repeat);
	free(pf->grid);
	free(pf->cards1);
	pf->in_repeat = NULL;
	pf->grid = NULL;
	pf->cards1 = NULL;
	pf->ngrid = pf->ncards1 = 0;
}

/* The rules, in order, first match.  Their thresholds come from the
 * figures' quartiles per page type on WCXB's development pages; they
 * name the right kind of 66.5 % of those pages (doc/algorithms.md has the
 * confusion table): the kinds overlap in these figures, and the trees,
 * which read the figures themselves, do not depend on the name. */
enum page_kind
page_kind_decide(const struct page_figures *pf, char *why, size_t n)
{
	/* no text, no shape: every share below is 0 and the last rules would
	 * name it a service page.  A page its scripts build holds none until
	 * they run (five forum threads of WCXB's development pages are a
	 * splash screen and an empty section, their posts not in the HTML) */
	if (pf->chars == 0) {
		snprintf(why, n, "its body holds no text (a page its scripts fill in has none "
			 "until they run)");
		return KIND_ARTICLE;
	}
	/* the page's own word for it, in its structured data: on WCXB's
	 * development pages 74 say so, every one a forum thread or a
	 * question (the thread stage names 54 of them threads whatever the
	 * kind; of the other 20, five change, one 0.25 -> 0.77); no dev
	 * set's page does */
	if (pf->discussion) {
		snprintf(why, n, "it declares itself a discussion (schema.org %s or %s)",
			 discussion_types[0], discussion_types[1]);
		return KIND_FORUM;
	}
	if (pf->generator && pf->link < 0.35) {
		snprintf(why, n, "it names a documentation generator as its maker (meta generator: "
			 "%s), %.0f %% of its text links (under 35 %%)", pf->generator, 100 * pf->link);
		return KIND_DOCS;
	}
	if (pf->code >= 0.05) {
		snprintf(why, n, "%.0f %% of its text is code (5 %% or more)", 100 * pf->code);
		return KIND_DOCS;
	}
	/* a reference names its code in its sentences and lists: on WCXB's
	 * development pages six documentation pages (MDN's WebSocket
	 * 0.63 -> 0.87) and one article (0.99 -> 0.98), none of the dev
	 * sets' pages */
	if (pf->code_named >= 0.05) {
		snprintf(why, n, "%.0f %% of its text names code (5 %% or more)",
			 100 * pf->code_named);
		return KIND_DOCS;
	}
	/* cards of a title and a teaser sentence read as prose: most of
	 * the page in one grid of many items, with links, is a listing
	 * (on WCXB's development pages, 6 listings of the 33 listings and
	 * collections that the prose rule takes for articles, and none of
	 * the 700 articles it takes, the dev sets' too) */
	if (pf->prose >= 0.55 && pf->grid_share >= 0.7 && pf->ngrid >= 6 && pf->grid_link >= 0.2) {
		snprintf(why, n, "%.0f %% of its text is in a grid of %d items (70 %% or more, "
			 "6 or more), %.0f %% of it links (20 %% or more)", 100 * pf->grid_share,
			 pf->ngrid, 100 * pf->grid_link);
		return KIND_LISTING;
	}
	/* ... and so is prose that is mostly links (whole cards in one
	 * link, a title and its teaser): an article's text is not.  On
	 * WCXB's development pages the rule takes a blog's front page of
	 * four featured posts (0.09 -> 0.89) and two service pages of
	 * linked cards (one 0.71 -> 0.58), none of the articles or of the
	 * dev sets' pages (from 45 % to 60 % of links, the same pages) */
	if (pf->prose >= 0.55 && pf->link >= 0.5) {
		snprintf(why, n, "%.0f %% of its text is links (50 %% or more): its %.0f %% prose is "
			 "linked teasers", 100 * pf->link, 100 * pf->prose);
		return KIND_LISTING;
	}
	if (pf->prose >= 0.55) {
		snprintf(why, n, "%.0f %% of its text is running prose (55 %% or more)",
			 100 * pf->prose);
		return KIND_ARTICLE;
	}
	if (pf->link >= 0.35 && pf->prose < 0.4) {
		snprintf(why, n, "%.0f %% of its text is links (35 %% or more), %.0f %% prose",
			 100 * pf->link, 100 * pf->prose);
		return KIND_LISTING;
	}
	/* most of the text in items repeated three times or more: a list
	 * of cards, feature boxes, ranked picks.  Where the thread stage
	 * finds posts in them the page is a thread (page_kind_decide's
	 * caller); where it finds none they are a listing's items, kept as
	 * a listing keeps its cards.  On WCXB's development pages the rule
	 * takes 54 pages, none of them a forum thread (23 articles, 16
	 * service pages, 12 products, 3 listings and collections) */
	if (pf->repeat >= 0.6 && pf->link < 0.3 && pf->prose >= 0.3) {
		snprintf(why, n, "%.0f %% of its text is in items repeated %d times or more "
			 "(largest group %d), few links", 100 * pf->repeat, KIND_REPEAT_MIN,
			 pf->repeats);
		return KIND_LISTING;
	}
	if (pf->forms >= 33 && pf->prose < 0.45) {
		snprintf(why, n, "%d form controls (33 or more), %.0f %% prose", pf->forms,
			 100 * pf->prose);
		return KIND_PRODUCT;
	}
	if (pf->prose < 0.45) {
		snprintf(why, n, "%d headings, %.0f %% prose: sections, not an article", pf->headings,
			 100 * pf->prose);
		return KIND_SERVICE;
	}
	snprintf(why, n, "no other kind's shape; %.0f %% prose", 100 * pf->prose);
	return KIND_ARTICLE;
}
