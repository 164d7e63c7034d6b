/* auto-model.h - the auto method's weights, written by
 * tools/train-auto.py from 13740 labelled blocks of the dev
 * pages' training split (70 % of pages by id hash).
 * Weighted block accuracy: train 0.938, check 0.952
 * (6686 blocks); check split shingle F1 on aeb pages
 * 0.945.  Do not edit: run the script again. */
#ifndef PITH_AUTO_MODEL_H
#define PITH_AUTO_MODEL_H

static const float auto_weights[F_COUNT] = {
	[F_BIAS] = -3.380884f,
	[F_LOG_CHARS] = 0.080115f,
	[F_LINK_DENSITY] = -1.340212f,
	[F_LOG_CC] = 0.250256f,
	[F_LOG_TD] = -0.001795f,
	[F_CS] = -0.763210f,
	[F_PARENT_LD] = 1.232769f,
	[F_GRAND_LD] = -1.277847f,
	[F_CONTAINER] = 2.997661f,
	[F_POSITION] = -1.850938f,
	[F_PUNCT] = -0.560074f,
	[F_ENDS_PUNCT] = 0.343089f,
	[F_TAG_HEADING] = 0.227402f,
	[F_TAG_P] = 1.167724f,
	[F_TAG_LI] = 2.010938f,
	[F_TAG_CELL] = 3.681732f,
	[F_TAG_PRE] = 0.888347f,
	[F_SEMANTIC] = 0.960316f,
	[F_NEG_WORD] = -1.436757f,
	[F_POS_WORD] = 0.784901f,
	[F_NEG_TAG] = -0.865769f,
	[F_CC_CONTENT] = 0.225785f,
	[F_CC_REGION] = 1.138279f,
	[F_LB_REGION] = 0.181286f,
	[F_JSONLD] = 3.742227f,
	[F_HAS_JSONLD] = -2.877917f,
	[F_COPYRIGHT] = -2.025083f,
	[F_SIB_LONG] = 0.523039f,
};

#endif
