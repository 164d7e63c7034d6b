/* main.c - command dispatch and option parsing for every command. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tui/tui.h"

/* After the commands' lines, which the command table gives. */
static const char usage_main[] =
"\n"
"Options:\n"
"  --algo NAME         the method (below; auto by default)\n"
"  --set NAME=VALUE    set a parameter (repeatable), e.g. --set cc.C=35\n"
"  --charset NAME      read the input in this charset, whatever it says\n"
"  --url URL           the page's address (for rules and the JSON output)\n"
"  --siblings FILE|DIR same-site pages (repeatable)\n"
"  --rules FILE|DIR    site rules\n"
"  --format FMT        dump: tsv or json; histogram: tsv or svg; extract: text,\n"
"                      json, markdown, html or wet\n"
"  -o, --output DIR    extract: write DIR/NAME.txt (.json, .md, .html) per page;\n"
"                      report: the FILE to write\n"
"  -j, --jobs N        extract: N worker processes\n"
"  --plot              histogram: draw it as text\n"
"  --gold FILE         inspector, report: score the extraction against this text\n"
"  --keys FILE         inspector: read keys from FILE (scripted tests)\n"
"  --screen COLSxLINES inspector: the virtual screen's size with --keys\n"
"  --screen-out FILE   inspector: append the screens to FILE with --keys\n"
"  --rules-out FILE    inspector: where w writes the rule\n"
"  --no-mouse          inspector: leave the mouse to the terminal\n"
"  --timeout S         give up on a page after S seconds (extract: per page;\n"
"                      inspector: its loading, up to the rule applied)\n"
"  --max-bytes N       refuse larger inputs (default 64 MiB)\n"
"  --max-depth N       refuse deeper element nesting (default 5000)\n"
"  -v, --verbose       say more on stderr\n"
"  -h, --help          this help; pith COMMAND --help for a command's\n"
"  --version           the version\n"
"\n";

/* inspect --help's keys, from the action table. */
static void
print_keys(FILE *out)
{
	fputs("\nKeys:\n", out);
	tui_print_keys(out, 0);
}

/* The methods and parameters, from their tables. */
static void
print_methods_params(FILE *out)
{
	fputs("Methods:\n", out);
	for (int k = 0; k < nmethods; k++)
		fprintf(out, "  %-5s %s\n", methods[k]->name, methods[k]->summary);
	fputs("\nParameters (see pith(1)):", out);
	int col = 80;
	for (size_t i = 0; i < params_count(); i++) {
		int w = (int)strlen(params_at(i)->name) + 1;
		if (col + w > 76) {
			fputs("\n ", out);
			col = 1;
		}
		fprintf(out, " %s", params_at(i)->name);
		col += w;
	}
	fputs("\n\nExit status: 0 ok, 1 some input could not be read or parsed, 2 usage.\n", out);
}

static const char usage_dump[] =
"usage: pith dump [--algo NAME] [--format tsv|json] [--features]\n"
"                 [--set NAME=VALUE] FILE\n"
"\n"
"Prints one row per element: id parent depth tag line TA LA CC TD CS, the\n"
"method's own columns, content reason xpath (tab-separated, with a header\n"
"line), or the same as JSON with --format json.  CC and TD have 2\n"
"decimals, CS 3; content is 1 or 0.  A column that has no figure for an\n"
"element is '-' (null in JSON): auto's P for an element that is not a text\n"
"block, ent's IPT where no descent step weighed it, sib's TAGSIM and\n"
"TEXTSIM outside the blocks.  Without --algo the method is auto, as for\n"
"extract and the inspector.\n"
"\n"
"  --features   instead, one row per text block with the signals the auto\n"
"               method combines, and the block's text (for training);\n"
"               with --siblings, the site stage's signals too (site_*)\n";

/* dump --help's methods, columns and reasons, from the method table. */
static void
print_dump_methods(FILE *out)
{
	fputs("\nEach method's columns (after CS) and reasons:\n", out);
	bool seen[256] = { false };
	for (int k = 0; k < nmethods; k++) {
		const struct method *m = methods[k];
		fprintf(out, "  %-5s ", m->name);
		if (!m->needs_dom) {
			fputs("none per element (see pith histogram)\n", out);
			continue;
		}
		for (int c = 0; c < m->ncolumns; c++)
			fprintf(out, "%s%s", m->columns[c].name, c + 1 < m->ncolumns ? " " : "; ");
		fputs("reasons", out);
		for (int r = 0; r < method_reasons(m); r++) {
			enum reason id = method_reason_at(m, r);
			fprintf(out, " %s", reason_name(id));
			seen[id & 0xff] = true;
		}
		fputc('\n', out);
	}
	static const enum reason every[] = { REASON_PINNED, REASON_RULE_BODY, REASON_RULE_STRIP };
	fputs("  and with every method: pinned, rule-body, rule-strip\n\nReasons:\n", out);
	for (size_t r = 0; r < sizeof every / sizeof every[0]; r++)
		seen[every[r]] = true;
	for (int r = 0; r < 256; r++)
		if (seen[r])
			fprintf(out, "  %-14s %s\n", reason_name((enum reason)r),
				reason_legend((enum reason)r));
}

static const char usage_histogram[] =
"usage: pith histogram [--format tsv|svg] [--plot] [--set lb.K=N] FILE\n"
"\n"
"Prints 'block<TAB>length' rows (block = the 1-based line the block starts\n"
"on) and then '# region START END' for every region found.  --plot draws\n"
"the distribution as text with the threshold and regions marked;\n"
"--format svg writes it as an SVG image: a bar per block, the regions and\n"
"the threshold line.\n";

static const char usage_extract[] =
"usage: pith extract [OPTIONS] FILE|DIR|URL|WARC|- ...\n"
"\n"
"Prints the main text of each page (pages separated by a form feed), or\n"
"with --format json one object per page per line: file url title date\n"
"keywords algo charset charset_source chars ms text (auto adds page_type\n"
"and page_type_why before chars: the kind of page and why), then what the page\n"
"gives of author date_source title_source author_source modified sitename\n"
"description language image canonical categories tags (dates in ISO\n"
"8601); -v adds title_over author_over date_over, what the sources that\n"
"gave them beat.  Directories are walked for *.html *.htm *.xhtml (and\n"
"their .gz) in sorted order.  Every page runs in a worker process; one\n"
"that fails or crashes is reported as\n"
"'pith: FILE: reason' and the run goes on; the exit status is then 1.\n"
"A .warc or .warc.gz file (or standard input that is one) gives a page per\n"
"HTML response record, named by its WARC-Target-URI; JSON adds\n"
"warc_record_id and warc_date; other records are skipped and counted.\n"
"\n"
"  --format FMT  text (default), json, markdown (the kept headings,\n"
"                paragraphs, lists, quotes, code and tables) or html (the\n"
"                same as clean HTML: no scripts, styles or event handlers,\n"
"                URLs absolute)\n"
"  --links       markdown: links as [text](url)\n"
"  --images      markdown: images of kept blocks as ![alt](src)\n"
"  --front-matter  markdown: the metadata first, as a YAML block\n"
"  --no-title    markdown: no '# TITLE' heading first (the page's title)\n"
"  --comments    json, markdown, html: the reader comments, kept out of\n"
"                the main text, as a comments field or a last section\n"
"  --algo NAME   the method (pith --help lists them; auto by default): ent\n"
"                clusters the pages of the run, sib needs --siblings\n"
"  -o, --output DIR  write DIR/NAME.txt (.json, .md, .html by --format),\n"
"                NAME the page's path below the directory walked; an\n"
"                existing file is kept as NAME.txt.~N~ first, a read-only\n"
"                file or a symbolic link is not replaced, and an output\n"
"                that is one of the inputs stops the run before it starts\n"
"  --force       -o: replace existing outputs with no backup\n"
"  -j, --jobs N  N worker processes; output keeps the input order\n"
"  --timeout S   stop and report a page after S seconds (default 60 for\n"
"                WARC pages and -j runs, else none; 0: none)\n"
"  --from-list FILE|-  read input paths from FILE, one a line\n"
"  --format wet  a WARC file of conversion records holding the text\n"
"  --rules FILE|DIR  apply the page's site rule (host from --url, the\n"
"                page's canonical link or a NAME.url file beside it);\n"
"                --algo decides when no rule or no body: matches\n"
"  --gold-dir DIR  per page: P/R/F (characters) against DIR/NAME.gold.txt,\n"
"                or NAME.with.txt/.without.txt snippets; with -v, the\n"
"                passages missing and extra; a summary over the pages\n"
"  --ftr-only    apply the rules as Full-Text RSS and wallabag do: body:,\n"
"                strip:, title:, date:; no pith_ lines; where no body:\n"
"                matches, --algo stands in for the reader's own detection\n";

static const char usage_rules[] =
"usage: pith rules check FILE|DIR...\n"
"       pith rules test [--online] FILE|DIR...\n"
"       pith rules export [--format ftr|css|json] FILE\n"
"       pith rules learn [--algo A] [--set NAME=VALUE] --url URL [-o FILE|DIR] PAGE|DIR...\n"
"\n"
"Rule files are ftr site-config files (see pith-rules(5)).  check reports\n"
"malformed lines and XPath errors as 'pith: FILE:LINE: reason' and exits 1\n"
"on any, and lists once the directives it keeps for other readers; test\n"
"extracts each test_url's pith_test_file (or the URL itself with --online)\n"
"and checks its test_contains and test_not_contains lines, failing a test\n"
"whose body: lines select nothing, ending with 'N passed, N failed';\n"
"export prints the rule for other tools; learn writes the site's rule from\n"
"several of its pages (what is stable across them), applied to each first,\n"
"merged into -o's file as the inspector's w merges it, or printed.\n";

static const char usage_inspect[] =
"usage: pith [inspect] [OPTIONS] FILE|URL\n"
"\n"
"Opens the inspector: the DOM tree with every node's figures, the\n"
"line-block histogram, the selected node's detail and the extracted text.\n"
"Press ? inside for the keys.  When standard output is not a terminal,\n"
"prints what pith extract would.\n";

static const char usage_report[] =
"usage: pith report [--algo NAME] [--set NAME=VALUE] [--gold FILE]\n"
"                   [--rules FILE|DIR] [--siblings FILE|DIR] [-o FILE] FILE|URL\n"
"\n"
"Writes what the inspector shows of the page as one HTML file that needs\n"
"no network: the method and its parameters, the text with what is dropped\n"
"struck through, the line-block histogram (SVG), the method's stages and\n"
"what each changed, the tree with every element's figures and decision,\n"
"and the detail pane's lines for every element that decides; with --gold,\n"
"precision, recall, F1 and the differences.  -o FILE: write it there (an\n"
"existing file is kept as FILE.~N~ first; --force: not), else on standard\n"
"output.  The inspector's S writes the same for what it shows.\n";

enum {
	OPT_ALGO = 256, OPT_FTR_ONLY, OPT_GOLD_DIR, OPT_SET, OPT_CHARSET, OPT_URL, OPT_SIBLINGS, OPT_RULES,
	OPT_RULES_OUT, OPT_FORMAT, OPT_PLOT, OPT_GOLD, OPT_KEYS, OPT_SCREEN,
	OPT_SCREEN_OUT, OPT_NO_MOUSE, OPT_FEATURES, OPT_MAX_BYTES, OPT_MAX_DEPTH, OPT_VERSION,
	OPT_ONLINE, OPT_FORCE, OPT_NO_TITLE, OPT_LINKS, OPT_IMAGES, OPT_FRONT_MATTER, OPT_COMMENTS, OPT_TIMEOUT,
	OPT_FROM_LIST,
};

static const struct option long_opts[] = {
	{ "algo", required_argument, NULL, OPT_ALGO },
	{ "ftr-only", no_argument, NULL, OPT_FTR_ONLY },
	{ "gold-dir", required_argument, NULL, OPT_GOLD_DIR },
	{ "set", required_argument, NULL, OPT_SET },
	{ "charset", required_argument, NULL, OPT_CHARSET },
	{ "url", required_argument, NULL, OPT_URL },
	{ "siblings", required_argument, NULL, OPT_SIBLINGS },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "rules-out", required_argument, NULL, OPT_RULES_OUT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "plot", no_argument, NULL, OPT_PLOT },
	{ "features", no_argument, NULL, OPT_FEATURES },
	{ "gold", required_argument, NULL, OPT_GOLD },
	{ "keys", required_argument, NULL, OPT_KEYS },
	{ "screen", required_argument, NULL, OPT_SCREEN },
	{ "screen-out", required_argument, NULL, OPT_SCREEN_OUT },
	{ "no-mouse", no_argument, NULL, OPT_NO_MOUSE },
	{ "max-bytes", required_argument, NULL, OPT_MAX_BYTES },
	{ "max-depth", required_argument, NULL, OPT_MAX_DEPTH },
	{ "output", required_argument, NULL, 'o' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "no-title", no_argument, NULL, OPT_NO_TITLE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "online", no_argument, NULL, OPT_ONLINE },
	{ "links", no_argument, NULL, OPT_LINKS },
	{ "images", no_argument, NULL, OPT_IMAGES },
	{ "front-matter", no_argument, NULL, OPT_FRONT_MATTER },
	{ "comments", no_argument, NULL, OPT_COMMENTS },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "from-list", required_argument, NULL, OPT_FROM_LIST },
	{ NULL, 0, NULL, 0 },
};

static int
parse_count(const char *s, long long min, long long max, long long *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (end == s || *end || errno || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* The commands, each once: its name, its usage, what runs it. */
static const struct command {
	const char *name;
	const char *args, *what;     /* pith --help's line */
	const char *usage;
	void (*more)(FILE *out);     /* more of its help, from the tables */
	int (*run)(struct cli *c);
} commands[] = {
	{ "inspect", "[OPTIONS] FILE|URL", "open the inspector (the default command)",
	  usage_inspect, print_keys, cmd_inspect },
	{ "dump", "[OPTIONS] FILE", "node table with figures",
	  usage_dump, print_dump_methods, cmd_dump },
	{ "histogram", "[OPTIONS] FILE", "line-block distribution and regions",
	  usage_histogram, NULL, cmd_histogram },
	{ "extract", "[OPTIONS] FILE|DIR|URL|WARC...", "extracted text, batch",
	  usage_extract, NULL, cmd_extract },
	{ "rules", "check|test|learn|export ...", "validate, test, learn, convert site rules",
	  usage_rules, NULL, cmd_rules },
	{ "report", "[OPTIONS] FILE|URL", "what the inspector shows, as HTML",
	  usage_report, NULL, cmd_report },
};

/* pith --help's first lines: each command of the table (the first,
 * inspect, is the default: its name may be left out). */
static void
print_commands(FILE *out)
{
	for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
		char name[32];
		snprintf(name, sizeof name, k ? "%s" : "[%s]", commands[k].name);
		fprintf(out, "%s pith %-9s %s\n%12s%s\n", k ? "      " : "usage:", name,
			commands[k].args, "", commands[k].what);
	}
}

static const struct command *
command_find(const char *name)
{
	for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
		if (!strcmp(commands[k].name, name))
			return &commands[k];
	return NULL;
}

static const char *
command_usage(const char *cmd)
{
	const struct command *k = command_find(cmd);
	return k ? k->usage : usage_main;
}

/* The options that end the run before any command: --help (pith's, or
 * the command's when first says one was named), --version, and what
 * getopt could not read (a missing value, an unknown option); the exit
 * status. */
static int
option_ends_run(int opt, const char *command, int first, char **av)
{
	switch (opt) {
	case 'h':
		if (first != 2)
			print_commands(stdout);
		fputs(command_usage(first == 2 ? command : "main"), stdout);
		if (first != 2)
			print_methods_params(stdout);
		else if (command_find(command)->more)
			command_find(command)->more(stdout);
		return 0;
	case OPT_VERSION:
		printf("pith %s\n", PACKAGE_VERSION);
		return 0;
	case ':':
		if (optopt && optopt < 256)
			return cli_usage_error("option '-%c' needs a value", optopt);
		return cli_usage_error("option '%s' needs a value", av[optind - 1]);
	default:
		/* a short option, perhaps in a cluster (-Zq): getopt says
		 * which in optopt; av[optind - 1] may be another word */
		if (optopt && optopt < 256)
			return cli_usage_error("unknown option '-%c'", optopt);
		return cli_usage_error("unknown option '%s'", av[optind - 1]);
	}
}

static int
run(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* Past a file size limit (ulimit -f) a write should fail with EFBIG,
	 * reported like a full disk, not kill the batch mid-file. */
	signal(SIGXFSZ, SIG_IGN);
	struct cli c;
	memset(&c, 0, sizeof c);
	c.algo = METHOD_DEFAULT;
	c.jobs = 1;
	c.timeout = -1;
	params_default(&c.params);
	page_opts_default(&c.page);

	int first = 1;
	c.command = "inspect";
	if (argc > 1 && command_find(argv[1])) {
		c.command = argv[1];
		first = 2;
	}
	argv[first - 1] = argv[0];
	int ac = argc - first + 1;
	char **av = argv + first - 1;
	char err[256];
	int opt;
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(ac, av, ":o:j:vh", long_opts, NULL)) != -1) {
		long long v;
		switch (opt) {
		case OPT_ALGO: {
			c.algo = method_find(optarg);
			if (!c.algo)
				return cli_usage_error("unknown method '%s' (%s)", optarg, method_names());
			c.algo_given = true;
			break;
		}
		case OPT_FTR_ONLY: c.ftr_only = true; break;
		case OPT_GOLD_DIR: c.gold_dir = optarg; break;
		case OPT_SET: {
			int rc = params_set(&c.params, optarg, err, sizeof err);
			if (rc == PARAMS_BAD_FILE) {    /* a file it names: "FILE: reason" */
				eprintf("pith: %s\n", err);
				return 1;
			}
			if (rc < 0)
				return cli_usage_error("--set: %s", err);
			break;
		}
		case OPT_CHARSET:
			if (!charset_canonical(optarg))
				return cli_usage_error("--charset: unknown charset '%s'", optarg);
			c.page.load.charset = optarg;
			break;
		case OPT_URL: c.url = optarg; break;
		case OPT_SIBLINGS:
			c.siblings = xreallocarray(c.siblings, (size_t)c.nsiblings + 1, sizeof *c.siblings);
			c.siblings[c.nsiblings++] = optarg;
			break;
		case OPT_RULES: c.rules = optarg; break;
		case OPT_RULES_OUT: c.rules_out = optarg; break;
		case OPT_FORMAT:
			c.format_arg = optarg;
			if (!strcmp(c.command, "rules"))
				break;  /* ftr, css, json: checked by cmd_rules */
			const struct format_entry *fe = format_find(c.command, optarg);
			char names[200];
			if (!*format_list(c.command, names, sizeof names))
				return cli_usage_error("%s takes no --format", c.command);
			if (!fe)
				return cli_usage_error("unknown format '%s' (%s)", optarg, names);
			c.format = fe->format;
			break;
		case OPT_PLOT: c.plot = true; break;
		case OPT_FEATURES: c.features = true; break;
		case OPT_GOLD: c.gold = optarg; break;
		case OPT_KEYS: c.keys = optarg; break;
		case OPT_SCREEN_OUT: c.screen_out = optarg; break;
		case OPT_SCREEN:
			if (sscanf(optarg, "%dx%d", &c.screen_cols, &c.screen_lines) != 2 ||
			    c.screen_cols < 1 || c.screen_lines < 1 ||
			    c.screen_cols > 1000 || c.screen_lines > 1000)
				return cli_usage_error("--screen takes COLUMNSxLINES, e.g. 100x30");
			break;
		case OPT_NO_MOUSE: c.no_mouse = true; break;
		case OPT_ONLINE: c.online = true; break;
		case OPT_LINKS: c.links = true; break;
		case OPT_IMAGES: c.images = true; break;
		case OPT_FRONT_MATTER: c.front_matter = true; break;
		case OPT_COMMENTS: c.comments = true; break;
		case OPT_MAX_BYTES:
			if (parse_count(optarg, 1, (long long)1 << 40, &v) < 0)
				return cli_usage_error("--max-bytes takes a positive number of bytes");
			c.page.load.max_bytes = (size_t)v;
			break;
		case OPT_MAX_DEPTH:
			/* libtidy recurses once a level: 8 MiB of stack held
			 * 110 000 levels, not 120 000 (doc/limits.md) */
			if (parse_count(optarg, 1, 50000, &v) < 0)
				return cli_usage_error("--max-depth takes a number from 1 to 50000");
			c.page.dom.max_depth = (int)v;
			break;
		case OPT_FORCE:
			c.force = true;
			break;
		case OPT_NO_TITLE:
			c.no_title = true;
			break;
		case OPT_TIMEOUT:
			if (parse_count(optarg, 0, 86400, &v) < 0)
				return cli_usage_error("--timeout takes seconds from 0 (none) to 86400");
			c.timeout = (int)v;
			break;
		case OPT_FROM_LIST: c.from_list = optarg; break;
		case 'o': c.outdir = optarg; break;
		case 'j':
			if (parse_count(optarg, 1, 256, &v) < 0)
				return cli_usage_error("-j takes a number from 1 to 256");
			c.jobs = (int)v;
			break;
		case 'v': c.verbose++; break;
		case 'h':
		case OPT_VERSION:
		case ':':
		default:
			return option_ends_run(opt, c.command, first, av);
		}
	}
	c.inputs = av + optind;
	c.ninputs = ac - optind;

	int rc = command_find(c.command)->run(&c);
	free(c.siblings);
	return rc;
}

int
main(int argc, char **argv)
{
	int rc = run(argc, argv);
	/* a write error on standard output (a full disk, /dev/full) loses
	 * the output: say so, exit 1 (a command that failed has said why) */
	errno = 0;
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		eprintf("pith: standard output: %s\n", errno ? strerror(errno) : "write error");
		rc = 1;
	}
	return rc;
}
