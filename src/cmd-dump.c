/* cmd-dump.c - pith dump: the node table with every figure. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "auto.h"
#include "cli.h"
#include "entropy.h"
#include "geometry.h"
#include "signals.h"
#include "similarity.h"
#include "tibetan.h"

/* Columns a method adds after CS; NULL arrays are left out.  HEIGHT and
 * WIDTH are estimates (geometry.h), and the JSON says so. */
struct extra {
	const double *rel, *ver;                /* tib */
	const double *height, *width, *ipt;     /* ent */
	const double *tagsim, *textsim;         /* sib: per block root, -1 elsewhere */
	const double *p;                        /* auto: per block, -1 elsewhere */
};

static void
dump_tsv(const struct page *pg, const struct extra *x, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	struct buf xp;
	buf_init(&xp);
	fprintf(out, "id\tparent\tdepth\ttag\tline\tTA\tLA\tCC\tTD\tCS\t%s%s%s%scontent\treason\txpath\n",
		x->rel ? "REL\tVER\t" : "", x->ipt ? "HEIGHT\tWIDTH\tIPT\t" : "",
		x->tagsim ? "TAGSIM\tTEXTSIM\t" : "", x->p ? "P\t" : "");
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		dom_xpath(d, i, &xp);
		fprintf(out, "%d\t%d\t%d\t%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.3f\t",
			i, d->parent[i], d->depth[i], dom_tagname(d, i), d->line[i],
			m->TA[i], m->LA[i], m->CC[i], m->TD[i], pg->dc.CS[i]);
		if (x->rel)
			fprintf(out, "%.2f\t%.2f\t", x->rel[i], x->ver[i]);
		if (x->ipt)
			fprintf(out, "%.0f\t%.0f\t%.3f\t", x->height[i], x->width[i], x->ipt[i]);
		if (x->tagsim)
			fprintf(out, "%.3f\t%.3f\t", x->tagsim[i], x->textsim[i]);
		if (x->p) {
			if (x->p[i] < 0)
				fputs("-\t", out);
			else
				fprintf(out, "%.3f\t", x->p[i]);
		}
		fprintf(out, "%d\t%s\t%s\n", pg->dc.content[i], reason_name(pg->dc.reason[i]), xp.data);
	}
	buf_free(&xp);
}

static void
dump_json(const struct page *pg, const struct extra *x, FILE *out)
{
	const struct dom *d = pg->dom;
	const struct metrics *m = pg->m;
	struct buf b;
	buf_init(&b);
	struct buf xp;
	buf_init(&xp);
	buf_adds(&b, "[\n");
	for (int i = 0; i < d->n; i++) {
		xp.len = 0;
		dom_xpath(d, i, &xp);
		buf_printf(&b, "{\"id\":%d,\"parent\":%d,\"depth\":%d,\"tag\":",
			   i, d->parent[i], d->depth[i]);
		const char *tn = dom_tagname(d, i);
		buf_add_json(&b, tn, strlen(tn));
		buf_printf(&b, ",\"line\":%d,\"TA\":%d,\"LA\":%d,\"CC\":%.2f,\"TD\":%.2f,"
			   "\"CS\":%.3f,",
			   d->line[i], m->TA[i], m->LA[i], m->CC[i], m->TD[i], pg->dc.CS[i]);
		if (x->rel)
			buf_printf(&b, "\"REL\":%.2f,\"VER\":%.2f,", x->rel[i], x->ver[i]);
		if (x->ipt)
			buf_printf(&b, "\"HEIGHT\":%.0f,\"WIDTH\":%.0f,\"box\":\"estimate\",\"IPT\":%.3f,",
				   x->height[i], x->width[i], x->ipt[i]);
		if (x->tagsim)
			buf_printf(&b, "\"TAGSIM\":%.3f,\"TEXTSIM\":%.3f,", x->tagsim[i], x->textsim[i]);
		if (x->p) {
			if (x->p[i] < 0)
				buf_adds(&b, "\"P\":null,");
			else
				buf_printf(&b, "\"P\":%.3f,", x->p[i]);
		}
		buf_printf(&b, "\"content\":%d,\"reason\":\"%s\",\"xpath\":",
			   pg->dc.content[i], reason_name(pg->dc.reason[i]));
		buf_add_json(&b, xp.data, xp.len);
		buf_adds(&b, i + 1 < d->n ? "},\n" : "}\n");
		if (b.len > 65536) {
			fwrite(b.data, 1, b.len, out);
			b.len = 0;
		}
	}
	buf_adds(&b, "]\n");
	fwrite(b.data, 1, b.len, out);
	buf_free(&b);
	buf_free(&xp);
}

/* One row per block: id, tag, characters, every feature, the text. */
static void
dump_features(struct page *pg, FILE *out)
{
	struct features f;
	features_compute(pg, &f);
	const struct dom *d = pg->dom;
	fputs("block\ttag\tchars", out);
	for (int k = 0; k < F_COUNT; k++)
		fprintf(out, "\t%s", feature_names[k]);
	fputs("\ttext\n", out);
	struct buf t;
	buf_init(&t);
	for (int j = 0; j < f.nblocks; j++) {
		int b = f.block[j];
		fprintf(out, "%d\t%s\t%d", b, dom_tagname(d, b), f.chars[j]);
		for (int k = 0; k < F_COUNT; k++)
			fprintf(out, "\t%.9g", f.x[j][k]);
		t.len = 0;
		bool space = false;
		for (int x = d->text_begin[b]; x < d->text_end[b]; x++) {
			if (d->texts[x].block != b || (d->texts[x].flags & (TEXT_SKIP | TEXT_BREAK))) {
				space = true;
				continue;
			}
			if (space && t.len)
				buf_addc(&t, ' ');
			space = false;
			extract_collapse(dom_text(d, x), d->texts[x].len, &t);
			if (d->texts[x].len && uc_is_white((unsigned char)dom_text(d, x)[d->texts[x].len - 1]))
				space = true;
		}
		for (size_t i = 0; i < t.len; i++)
			if (t.data[i] == '\t' || t.data[i] == '\n')
				t.data[i] = ' ';
		fprintf(out, "\t%s\n", t.data ? t.data : "");
	}
	buf_free(&t);
	features_free(&f);
}

/* --siblings FILE or DIR (its .html/.htm files), never the page itself. */
static int
load_siblings(struct cli *c, const char *self, struct sib_string **out)
{
	int n = 0;
	char err[256];
	char *me = realpath(self, NULL);
	for (int i = 0; i < c->nsiblings; i++) {
		struct stat st;
		DIR *dp = stat(c->siblings[i], &st) == 0 && S_ISDIR(st.st_mode) ?
			opendir(c->siblings[i]) : NULL;
		struct dirent *e = NULL;
		do {
			char path[4096];
			if (dp) {
				if (!(e = readdir(dp)))
					break;
				if (!str_has_suffix(e->d_name, ".html") && !str_has_suffix(e->d_name, ".htm"))
					continue;
				snprintf(path, sizeof path, "%s/%s", c->siblings[i], e->d_name);
			} else {
				snprintf(path, sizeof path, "%s", c->siblings[i]);
			}
			char *rp = realpath(path, NULL);
			int same = rp && me && !strcmp(rp, me);
			free(rp);
			struct page pg;
			if (same)
				continue;
			if (cli_load(c, path, &pg, true, err, sizeof err) < 0) {
				cli_report(path, err);
			} else {
				*out = xreallocarray(*out, (size_t)n + 1, sizeof **out);
				sib_string_build(pg.dom, pg.dom->body, &(*out)[n++]);
			}
			page_free(&pg);
		} while (dp);
		if (dp)
			closedir(dp);
	}
	free(me);
	return n;
}

int
cmd_dump(struct cli *c)
{
	if (c->ninputs != 1)
		return cli_usage_error("dump takes one FILE");
	if (c->format_given && c->format == FORMAT_TEXT)
		return cli_usage_error("dump writes tsv or json");
	/* lb works on source lines, not elements: pith histogram shows it */
	if (c->algo_given && c->algo == ALGO_LB)
		return cli_usage_error("dump: --algo lb has no per-element figures; see pith histogram");
	struct page pg;
	char err[256];
	const char *in = c->inputs[0];
	if (cli_load(c, in, &pg, true, err, sizeof err) < 0) {
		cli_report(in, err);
		page_free(&pg);
		return 1;
	}
	struct extra x = { 0 };
	struct geometry *g = NULL;
	struct entropy *e = NULL;
	double *sims = NULL;
	/* Without --algo dump shows cc's figures, not the default method's. */
	if (c->algo_given && c->algo == ALGO_AUTO) {
		decide_auto(&pg, &c->params, NULL);
		x.p = pg.score;
	} else if (c->algo == ALGO_TIB) {
		pg.tib = tib_figures_compute(pg.dom, pg.m, page_script(&pg), c->params.tib_script);
		decide_tib(pg.dom, pg.m, pg.tib, &c->params, NULL, &pg.dc);
		x.rel = pg.tib->rel;
		x.ver = pg.tib->ver;
	} else if (c->algo == ALGO_ENT) {
		g = geometry_estimate(pg.dom, pg.m, &c->params);
		e = entropy_find(pg.dom, pg.m, g, &c->params);
		entropy_decide(pg.dom, e->stop, NULL, &pg.dc);
		x.height = g->height;
		x.width = g->width;
		x.ipt = e->ipt;
	} else if (c->algo == ALGO_SIB) {
		struct sib_string *sibs = NULL;
		int ns = load_siblings(c, in, &sibs);
		const struct sib_string **sp = xcalloc((size_t)ns + 1, sizeof *sp);
		for (int k = 0; k < ns; k++)
			sp[k] = &sibs[k];
		sims = xcalloc(2 * (size_t)pg.dom->n + 1, sizeof *sims);
		sib_decide(pg.dom, pg.m, sp, ns, &c->params, NULL, &pg.dc, sims, sims + pg.dom->n);
		x.tagsim = sims;
		x.textsim = sims + pg.dom->n;
		for (int k = 0; k < ns; k++)
			sib_string_free(&sibs[k]);
		free(sibs);
		free(sp);
	} else {
		decide_cc(pg.dom, pg.m, &c->params, NULL, &pg.dc);
	}
	if (c->features)
		dump_features(&pg, stdout);
	else if (c->format == FORMAT_JSON)
		dump_json(&pg, &x, stdout);
	else
		dump_tsv(&pg, &x, stdout);
	entropy_free(e);
	geometry_free(g);
	free(sims);
	page_free(&pg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_report("stdout", "write error");
		return 1;
	}
	return 0;
}
