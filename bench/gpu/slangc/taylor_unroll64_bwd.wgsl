@binding(1) @group(0) var<storage, read> params_0 : array<i32>;

@binding(0) @group(0) var<storage, read> xs_0 : array<f32>;

@binding(2) @group(0) var<storage, read_write> result_0 : array<f32>;

struct DiffPair_float_0
{
     primal_0 : f32,
     differential_0 : f32,
};

struct s_paramCtx_s_bwdCallableCtx_taylorSin_0
{
     value0_0 : f32,
};

struct s_bwdCallableCtx_taylorSin_0
{
     value0_1 : s_paramCtx_s_bwdCallableCtx_taylorSin_0,
};

fn s_bwdProp_taylorSin_0( _S1 : s_bwdCallableCtx_taylorSin_0,  _S2 : ptr<function, f32>,  s_diff_sum_T_0 : f32)
{
    var _S3 : f32 = - _S1.value0_1.value0_0;
    var _S4 : f32 = _S3 * _S1.value0_1.value0_0;
    var _S5 : f32 = - (_S4 * _S1.value0_1.value0_0 / 6.0f);
    var _S6 : f32 = _S5 * _S1.value0_1.value0_0;
    var _S7 : f32 = - (_S6 * _S1.value0_1.value0_0 / 20.0f);
    var _S8 : f32 = _S7 * _S1.value0_1.value0_0;
    var _S9 : f32 = - (_S8 * _S1.value0_1.value0_0 / 42.0f);
    var _S10 : f32 = _S9 * _S1.value0_1.value0_0;
    var _S11 : f32 = - (_S10 * _S1.value0_1.value0_0 / 72.0f);
    var _S12 : f32 = _S11 * _S1.value0_1.value0_0;
    var _S13 : f32 = - (_S12 * _S1.value0_1.value0_0 / 110.0f);
    var _S14 : f32 = _S13 * _S1.value0_1.value0_0;
    var _S15 : f32 = - (_S14 * _S1.value0_1.value0_0 / 156.0f);
    var _S16 : f32 = _S15 * _S1.value0_1.value0_0;
    var _S17 : f32 = - (_S16 * _S1.value0_1.value0_0 / 210.0f);
    var _S18 : f32 = _S17 * _S1.value0_1.value0_0;
    var _S19 : f32 = - (_S18 * _S1.value0_1.value0_0 / 272.0f);
    var _S20 : f32 = _S19 * _S1.value0_1.value0_0;
    var _S21 : f32 = - (_S20 * _S1.value0_1.value0_0 / 342.0f);
    var _S22 : f32 = _S21 * _S1.value0_1.value0_0;
    var _S23 : f32 = - (_S22 * _S1.value0_1.value0_0 / 420.0f);
    var _S24 : f32 = _S23 * _S1.value0_1.value0_0;
    var _S25 : f32 = - (_S24 * _S1.value0_1.value0_0 / 506.0f);
    var _S26 : f32 = _S25 * _S1.value0_1.value0_0;
    var _S27 : f32 = - (_S26 * _S1.value0_1.value0_0 / 600.0f);
    var _S28 : f32 = _S27 * _S1.value0_1.value0_0;
    var _S29 : f32 = - (_S28 * _S1.value0_1.value0_0 / 702.0f);
    var _S30 : f32 = _S29 * _S1.value0_1.value0_0;
    var _S31 : f32 = - (_S30 * _S1.value0_1.value0_0 / 812.0f);
    var _S32 : f32 = _S31 * _S1.value0_1.value0_0;
    var _S33 : f32 = - (_S32 * _S1.value0_1.value0_0 / 930.0f);
    var _S34 : f32 = _S33 * _S1.value0_1.value0_0;
    var _S35 : f32 = - (_S34 * _S1.value0_1.value0_0 / 1056.0f);
    var _S36 : f32 = _S35 * _S1.value0_1.value0_0;
    var _S37 : f32 = - (_S36 * _S1.value0_1.value0_0 / 1190.0f);
    var _S38 : f32 = _S37 * _S1.value0_1.value0_0;
    var _S39 : f32 = - (_S38 * _S1.value0_1.value0_0 / 1332.0f);
    var _S40 : f32 = _S39 * _S1.value0_1.value0_0;
    var _S41 : f32 = - (_S40 * _S1.value0_1.value0_0 / 1482.0f);
    var _S42 : f32 = _S41 * _S1.value0_1.value0_0;
    var _S43 : f32 = - (_S42 * _S1.value0_1.value0_0 / 1640.0f);
    var _S44 : f32 = _S43 * _S1.value0_1.value0_0;
    var _S45 : f32 = - (_S44 * _S1.value0_1.value0_0 / 1806.0f);
    var _S46 : f32 = _S45 * _S1.value0_1.value0_0;
    var _S47 : f32 = - (_S46 * _S1.value0_1.value0_0 / 1980.0f);
    var _S48 : f32 = _S47 * _S1.value0_1.value0_0;
    var _S49 : f32 = - (_S48 * _S1.value0_1.value0_0 / 2162.0f);
    var _S50 : f32 = _S49 * _S1.value0_1.value0_0;
    var _S51 : f32 = - (_S50 * _S1.value0_1.value0_0 / 2352.0f);
    var _S52 : f32 = _S51 * _S1.value0_1.value0_0;
    var _S53 : f32 = - (_S52 * _S1.value0_1.value0_0 / 2550.0f);
    var _S54 : f32 = _S53 * _S1.value0_1.value0_0;
    var _S55 : f32 = - (_S54 * _S1.value0_1.value0_0 / 2756.0f);
    var _S56 : f32 = _S55 * _S1.value0_1.value0_0;
    var _S57 : f32 = - (_S56 * _S1.value0_1.value0_0 / 2970.0f);
    var _S58 : f32 = _S57 * _S1.value0_1.value0_0;
    var _S59 : f32 = - (_S58 * _S1.value0_1.value0_0 / 3192.0f);
    var _S60 : f32 = _S59 * _S1.value0_1.value0_0;
    var _S61 : f32 = - (_S60 * _S1.value0_1.value0_0 / 3422.0f);
    var _S62 : f32 = _S61 * _S1.value0_1.value0_0;
    var _S63 : f32 = - (_S62 * _S1.value0_1.value0_0 / 3660.0f);
    var _S64 : f32 = _S63 * _S1.value0_1.value0_0;
    var _S65 : f32 = - (_S64 * _S1.value0_1.value0_0 / 3906.0f);
    var _S66 : f32 = _S65 * _S1.value0_1.value0_0;
    var _S67 : f32 = - (_S66 * _S1.value0_1.value0_0 / 4160.0f);
    var _S68 : f32 = _S67 * _S1.value0_1.value0_0;
    var _S69 : f32 = - (_S68 * _S1.value0_1.value0_0 / 4422.0f);
    var _S70 : f32 = _S69 * _S1.value0_1.value0_0;
    var _S71 : f32 = - (_S70 * _S1.value0_1.value0_0 / 4692.0f);
    var _S72 : f32 = _S71 * _S1.value0_1.value0_0;
    var _S73 : f32 = - (_S72 * _S1.value0_1.value0_0 / 4970.0f);
    var _S74 : f32 = _S73 * _S1.value0_1.value0_0;
    var _S75 : f32 = - (_S74 * _S1.value0_1.value0_0 / 5256.0f);
    var _S76 : f32 = _S75 * _S1.value0_1.value0_0;
    var _S77 : f32 = - (_S76 * _S1.value0_1.value0_0 / 5550.0f);
    var _S78 : f32 = _S77 * _S1.value0_1.value0_0;
    var _S79 : f32 = - (_S78 * _S1.value0_1.value0_0 / 5852.0f);
    var _S80 : f32 = _S79 * _S1.value0_1.value0_0;
    var _S81 : f32 = - (_S80 * _S1.value0_1.value0_0 / 6162.0f);
    var _S82 : f32 = _S81 * _S1.value0_1.value0_0;
    var _S83 : f32 = - (_S82 * _S1.value0_1.value0_0 / 6480.0f);
    var _S84 : f32 = _S83 * _S1.value0_1.value0_0;
    var _S85 : f32 = - (_S84 * _S1.value0_1.value0_0 / 6806.0f);
    var _S86 : f32 = _S85 * _S1.value0_1.value0_0;
    var _S87 : f32 = - (_S86 * _S1.value0_1.value0_0 / 7140.0f);
    var _S88 : f32 = _S87 * _S1.value0_1.value0_0;
    var _S89 : f32 = - (_S88 * _S1.value0_1.value0_0 / 7482.0f);
    var _S90 : f32 = _S89 * _S1.value0_1.value0_0;
    var _S91 : f32 = - (_S90 * _S1.value0_1.value0_0 / 7832.0f);
    var _S92 : f32 = _S91 * _S1.value0_1.value0_0;
    var _S93 : f32 = - (_S92 * _S1.value0_1.value0_0 / 8190.0f);
    var _S94 : f32 = _S93 * _S1.value0_1.value0_0;
    var _S95 : f32 = - (_S94 * _S1.value0_1.value0_0 / 8556.0f);
    var _S96 : f32 = _S95 * _S1.value0_1.value0_0;
    var _S97 : f32 = - (_S96 * _S1.value0_1.value0_0 / 8930.0f);
    var _S98 : f32 = _S97 * _S1.value0_1.value0_0;
    var _S99 : f32 = - (_S98 * _S1.value0_1.value0_0 / 9312.0f);
    var _S100 : f32 = _S99 * _S1.value0_1.value0_0;
    var _S101 : f32 = - (_S100 * _S1.value0_1.value0_0 / 9702.0f);
    var _S102 : f32 = _S101 * _S1.value0_1.value0_0;
    var _S103 : f32 = - (_S102 * _S1.value0_1.value0_0 / 10100.0f);
    var _S104 : f32 = _S103 * _S1.value0_1.value0_0;
    var _S105 : f32 = - (_S104 * _S1.value0_1.value0_0 / 10506.0f);
    var _S106 : f32 = _S105 * _S1.value0_1.value0_0;
    var _S107 : f32 = - (_S106 * _S1.value0_1.value0_0 / 10920.0f);
    var _S108 : f32 = _S107 * _S1.value0_1.value0_0;
    var _S109 : f32 = - (_S108 * _S1.value0_1.value0_0 / 11342.0f);
    var _S110 : f32 = _S109 * _S1.value0_1.value0_0;
    var _S111 : f32 = - (_S110 * _S1.value0_1.value0_0 / 11772.0f);
    var _S112 : f32 = _S111 * _S1.value0_1.value0_0;
    var _S113 : f32 = - (_S112 * _S1.value0_1.value0_0 / 12210.0f);
    var _S114 : f32 = _S113 * _S1.value0_1.value0_0;
    var _S115 : f32 = - (_S114 * _S1.value0_1.value0_0 / 12656.0f);
    var _S116 : f32 = _S115 * _S1.value0_1.value0_0;
    var _S117 : f32 = - (_S116 * _S1.value0_1.value0_0 / 13110.0f);
    var _S118 : f32 = _S117 * _S1.value0_1.value0_0;
    var _S119 : f32 = - (_S118 * _S1.value0_1.value0_0 / 13572.0f);
    var _S120 : f32 = _S119 * _S1.value0_1.value0_0;
    var _S121 : f32 = - (_S120 * _S1.value0_1.value0_0 / 14042.0f);
    var _S122 : f32 = _S121 * _S1.value0_1.value0_0;
    var _S123 : f32 = - (_S122 * _S1.value0_1.value0_0 / 14520.0f);
    var _S124 : f32 = _S123 * _S1.value0_1.value0_0;
    var _S125 : f32 = - (_S124 * _S1.value0_1.value0_0 / 15006.0f);
    var _S126 : f32 = _S125 * _S1.value0_1.value0_0;
    var _S127 : f32 = - (_S126 * _S1.value0_1.value0_0 / 15500.0f);
    var _S128 : f32 = 0.00006249218859011f * s_diff_sum_T_0;
    var _S129 : f32 = _S1.value0_1.value0_0 * _S128;
    var _S130 : f32 = 0.00006451612716774f * (- (_S1.value0_1.value0_0 * _S129) + s_diff_sum_T_0);
    var _S131 : f32 = _S1.value0_1.value0_0 * _S130;
    var _S132 : f32 = 0.00006664000829915f * (- (_S1.value0_1.value0_0 * _S131) + s_diff_sum_T_0);
    var _S133 : f32 = _S1.value0_1.value0_0 * _S132;
    var _S134 : f32 = 0.00006887052586535f * (- (_S1.value0_1.value0_0 * _S133) + s_diff_sum_T_0);
    var _S135 : f32 = _S1.value0_1.value0_0 * _S134;
    var _S136 : f32 = 0.00007121492672013f * (- (_S1.value0_1.value0_0 * _S135) + s_diff_sum_T_0);
    var _S137 : f32 = _S1.value0_1.value0_0 * _S136;
    var _S138 : f32 = 0.0000736811052775f * (- (_S1.value0_1.value0_0 * _S137) + s_diff_sum_T_0);
    var _S139 : f32 = _S1.value0_1.value0_0 * _S138;
    var _S140 : f32 = 0.00007627764716744f * (- (_S1.value0_1.value0_0 * _S139) + s_diff_sum_T_0);
    var _S141 : f32 = _S1.value0_1.value0_0 * _S140;
    var _S142 : f32 = 0.00007901390927145f * (- (_S1.value0_1.value0_0 * _S141) + s_diff_sum_T_0);
    var _S143 : f32 = _S1.value0_1.value0_0 * _S142;
    var _S144 : f32 = 0.00008190008520614f * (- (_S1.value0_1.value0_0 * _S143) + s_diff_sum_T_0);
    var _S145 : f32 = _S1.value0_1.value0_0 * _S144;
    var _S146 : f32 = 0.0000849473362905f * (- (_S1.value0_1.value0_0 * _S145) + s_diff_sum_T_0);
    var _S147 : f32 = _S1.value0_1.value0_0 * _S146;
    var _S148 : f32 = 0.00008816787158139f * (- (_S1.value0_1.value0_0 * _S147) + s_diff_sum_T_0);
    var _S149 : f32 = _S1.value0_1.value0_0 * _S148;
    var _S150 : f32 = 0.00009157509339275f * (- (_S1.value0_1.value0_0 * _S149) + s_diff_sum_T_0);
    var _S151 : f32 = _S1.value0_1.value0_0 * _S150;
    var _S152 : f32 = 0.00009518370643491f * (- (_S1.value0_1.value0_0 * _S151) + s_diff_sum_T_0);
    var _S153 : f32 = _S1.value0_1.value0_0 * _S152;
    var _S154 : f32 = 0.00009900989971356f * (- (_S1.value0_1.value0_0 * _S153) + s_diff_sum_T_0);
    var _S155 : f32 = _S1.value0_1.value0_0 * _S154;
    var _S156 : f32 = 0.0001030715284287f * (- (_S1.value0_1.value0_0 * _S155) + s_diff_sum_T_0);
    var _S157 : f32 = _S1.value0_1.value0_0 * _S156;
    var _S158 : f32 = 0.00010738831770141f * (- (_S1.value0_1.value0_0 * _S157) + s_diff_sum_T_0);
    var _S159 : f32 = _S1.value0_1.value0_0 * _S158;
    var _S160 : f32 = 0.00011198208085261f * (- (_S1.value0_1.value0_0 * _S159) + s_diff_sum_T_0);
    var _S161 : f32 = _S1.value0_1.value0_0 * _S160;
    var _S162 : f32 = 0.00011687704682117f * (- (_S1.value0_1.value0_0 * _S161) + s_diff_sum_T_0);
    var _S163 : f32 = _S1.value0_1.value0_0 * _S162;
    var _S164 : f32 = 0.0001221001293743f * (- (_S1.value0_1.value0_0 * _S163) + s_diff_sum_T_0);
    var _S165 : f32 = _S1.value0_1.value0_0 * _S164;
    var _S166 : f32 = 0.00012768131273333f * (- (_S1.value0_1.value0_0 * _S165) + s_diff_sum_T_0);
    var _S167 : f32 = _S1.value0_1.value0_0 * _S166;
    var _S168 : f32 = 0.00013365410268307f * (- (_S1.value0_1.value0_0 * _S167) + s_diff_sum_T_0);
    var _S169 : f32 = _S1.value0_1.value0_0 * _S168;
    var _S170 : f32 = 0.00014005602861289f * (- (_S1.value0_1.value0_0 * _S169) + s_diff_sum_T_0);
    var _S171 : f32 = _S1.value0_1.value0_0 * _S170;
    var _S172 : f32 = 0.00014692917466164f * (- (_S1.value0_1.value0_0 * _S171) + s_diff_sum_T_0);
    var _S173 : f32 = _S1.value0_1.value0_0 * _S172;
    var _S174 : f32 = 0.00015432099462487f * (- (_S1.value0_1.value0_0 * _S173) + s_diff_sum_T_0);
    var _S175 : f32 = _S1.value0_1.value0_0 * _S174;
    var _S176 : f32 = 0.00016228496679105f * (- (_S1.value0_1.value0_0 * _S175) + s_diff_sum_T_0);
    var _S177 : f32 = _S1.value0_1.value0_0 * _S176;
    var _S178 : f32 = 0.00017088174354285f * (- (_S1.value0_1.value0_0 * _S177) + s_diff_sum_T_0);
    var _S179 : f32 = _S1.value0_1.value0_0 * _S178;
    var _S180 : f32 = 0.00018018018454313f * (- (_S1.value0_1.value0_0 * _S179) + s_diff_sum_T_0);
    var _S181 : f32 = _S1.value0_1.value0_0 * _S180;
    var _S182 : f32 = 0.00019025875371881f * (- (_S1.value0_1.value0_0 * _S181) + s_diff_sum_T_0);
    var _S183 : f32 = _S1.value0_1.value0_0 * _S182;
    var _S184 : f32 = 0.00020120723638684f * (- (_S1.value0_1.value0_0 * _S183) + s_diff_sum_T_0);
    var _S185 : f32 = _S1.value0_1.value0_0 * _S184;
    var _S186 : f32 = 0.00021312873286661f * (- (_S1.value0_1.value0_0 * _S185) + s_diff_sum_T_0);
    var _S187 : f32 = _S1.value0_1.value0_0 * _S186;
    var _S188 : f32 = 0.00022614201589022f * (- (_S1.value0_1.value0_0 * _S187) + s_diff_sum_T_0);
    var _S189 : f32 = _S1.value0_1.value0_0 * _S188;
    var _S190 : f32 = 0.00024038461560849f * (- (_S1.value0_1.value0_0 * _S189) + s_diff_sum_T_0);
    var _S191 : f32 = _S1.value0_1.value0_0 * _S190;
    var _S192 : f32 = 0.00025601638481021f * (- (_S1.value0_1.value0_0 * _S191) + s_diff_sum_T_0);
    var _S193 : f32 = _S1.value0_1.value0_0 * _S192;
    var _S194 : f32 = 0.00027322405367158f * (- (_S1.value0_1.value0_0 * _S193) + s_diff_sum_T_0);
    var _S195 : f32 = _S1.value0_1.value0_0 * _S194;
    var _S196 : f32 = 0.00029222675948404f * (- (_S1.value0_1.value0_0 * _S195) + s_diff_sum_T_0);
    var _S197 : f32 = _S1.value0_1.value0_0 * _S196;
    var _S198 : f32 = 0.0003132832061965f * (- (_S1.value0_1.value0_0 * _S197) + s_diff_sum_T_0);
    var _S199 : f32 = _S1.value0_1.value0_0 * _S198;
    var _S200 : f32 = 0.00033670032280497f * (- (_S1.value0_1.value0_0 * _S199) + s_diff_sum_T_0);
    var _S201 : f32 = _S1.value0_1.value0_0 * _S200;
    var _S202 : f32 = 0.00036284470115788f * (- (_S1.value0_1.value0_0 * _S201) + s_diff_sum_T_0);
    var _S203 : f32 = _S1.value0_1.value0_0 * _S202;
    var _S204 : f32 = 0.00039215685683303f * (- (_S1.value0_1.value0_0 * _S203) + s_diff_sum_T_0);
    var _S205 : f32 = _S1.value0_1.value0_0 * _S204;
    var _S206 : f32 = 0.00042517005931586f * (- (_S1.value0_1.value0_0 * _S205) + s_diff_sum_T_0);
    var _S207 : f32 = _S1.value0_1.value0_0 * _S206;
    var _S208 : f32 = 0.0004625346919056f * (- (_S1.value0_1.value0_0 * _S207) + s_diff_sum_T_0);
    var _S209 : f32 = _S1.value0_1.value0_0 * _S208;
    var _S210 : f32 = 0.0005050505278632f * (- (_S1.value0_1.value0_0 * _S209) + s_diff_sum_T_0);
    var _S211 : f32 = _S1.value0_1.value0_0 * _S210;
    var _S212 : f32 = 0.00055370986228809f * (- (_S1.value0_1.value0_0 * _S211) + s_diff_sum_T_0);
    var _S213 : f32 = _S1.value0_1.value0_0 * _S212;
    var _S214 : f32 = 0.00060975609812886f * (- (_S1.value0_1.value0_0 * _S213) + s_diff_sum_T_0);
    var _S215 : f32 = _S1.value0_1.value0_0 * _S214;
    var _S216 : f32 = 0.00067476381082088f * (- (_S1.value0_1.value0_0 * _S215) + s_diff_sum_T_0);
    var _S217 : f32 = _S1.value0_1.value0_0 * _S216;
    var _S218 : f32 = 0.00075075076892972f * (- (_S1.value0_1.value0_0 * _S217) + s_diff_sum_T_0);
    var _S219 : f32 = _S1.value0_1.value0_0 * _S218;
    var _S220 : f32 = 0.00084033614257351f * (- (_S1.value0_1.value0_0 * _S219) + s_diff_sum_T_0);
    var _S221 : f32 = _S1.value0_1.value0_0 * _S220;
    var _S222 : f32 = 0.00094696972519159f * (- (_S1.value0_1.value0_0 * _S221) + s_diff_sum_T_0);
    var _S223 : f32 = _S1.value0_1.value0_0 * _S222;
    var _S224 : f32 = 0.00107526883948594f * (- (_S1.value0_1.value0_0 * _S223) + s_diff_sum_T_0);
    var _S225 : f32 = _S1.value0_1.value0_0 * _S224;
    var _S226 : f32 = 0.0012315270723775f * (- (_S1.value0_1.value0_0 * _S225) + s_diff_sum_T_0);
    var _S227 : f32 = _S1.value0_1.value0_0 * _S226;
    var _S228 : f32 = 0.00142450141720474f * (- (_S1.value0_1.value0_0 * _S227) + s_diff_sum_T_0);
    var _S229 : f32 = _S1.value0_1.value0_0 * _S228;
    var _S230 : f32 = 0.00166666670702398f * (- (_S1.value0_1.value0_0 * _S229) + s_diff_sum_T_0);
    var _S231 : f32 = _S1.value0_1.value0_0 * _S230;
    var _S232 : f32 = 0.00197628466412425f * (- (_S1.value0_1.value0_0 * _S231) + s_diff_sum_T_0);
    var _S233 : f32 = _S1.value0_1.value0_0 * _S232;
    var _S234 : f32 = 0.0023809524718672f * (- (_S1.value0_1.value0_0 * _S233) + s_diff_sum_T_0);
    var _S235 : f32 = _S1.value0_1.value0_0 * _S234;
    var _S236 : f32 = 0.00292397662997246f * (- (_S1.value0_1.value0_0 * _S235) + s_diff_sum_T_0);
    var _S237 : f32 = _S1.value0_1.value0_0 * _S236;
    var _S238 : f32 = 0.00367647060193121f * (- (_S1.value0_1.value0_0 * _S237) + s_diff_sum_T_0);
    var _S239 : f32 = _S1.value0_1.value0_0 * _S238;
    var _S240 : f32 = 0.00476190494373441f * (- (_S1.value0_1.value0_0 * _S239) + s_diff_sum_T_0);
    var _S241 : f32 = _S1.value0_1.value0_0 * _S240;
    var _S242 : f32 = 0.00641025649383664f * (- (_S1.value0_1.value0_0 * _S241) + s_diff_sum_T_0);
    var _S243 : f32 = _S1.value0_1.value0_0 * _S242;
    var _S244 : f32 = 0.00909090880304575f * (- (_S1.value0_1.value0_0 * _S243) + s_diff_sum_T_0);
    var _S245 : f32 = _S1.value0_1.value0_0 * _S244;
    var _S246 : f32 = 0.01388888899236917f * (- (_S1.value0_1.value0_0 * _S245) + s_diff_sum_T_0);
    var _S247 : f32 = _S1.value0_1.value0_0 * _S246;
    var _S248 : f32 = 0.02380952425301075f * (- (_S1.value0_1.value0_0 * _S247) + s_diff_sum_T_0);
    var _S249 : f32 = _S1.value0_1.value0_0 * _S248;
    var _S250 : f32 = 0.05000000074505806f * (- (_S1.value0_1.value0_0 * _S249) + s_diff_sum_T_0);
    var _S251 : f32 = _S1.value0_1.value0_0 * _S250;
    var _S252 : f32 = 0.1666666716337204f * (- (_S1.value0_1.value0_0 * _S251) + s_diff_sum_T_0);
    var _S253 : f32 = _S1.value0_1.value0_0 * _S252;
    (*_S2) = _S39 * _S217 + _S47 * _S209 + _S46 * _S210 + _S45 * _S211 + _S44 * _S212 + _S43 * _S213 + _S42 * _S214 + _S41 * _S215 + _S40 * _S216 + _S48 * _S208 + _S38 * _S218 + _S37 * _S219 + _S36 * _S220 + _S35 * _S221 + _S34 * _S222 + _S33 * _S223 + _S32 * _S224 + _S31 * _S225 + _S49 * _S207 + _S50 * _S206 + _S51 * _S205 + _S52 * _S204 + _S53 * _S203 + _S54 * _S202 + _S55 * _S201 + _S56 * _S200 + _S57 * _S199 + _S58 * _S198 + _S59 * _S197 + _S60 * _S196 + _S61 * _S195 + _S62 * _S194 + _S63 * _S193 + _S15 * _S241 + - (_S1.value0_1.value0_0 * _S253) + _S3 * _S253 + _S4 * _S252 + s_diff_sum_T_0 + _S5 * _S251 + _S6 * _S250 + _S7 * _S249 + _S8 * _S248 + _S9 * _S247 + _S10 * _S246 + _S11 * _S245 + _S12 * _S244 + _S13 * _S243 + _S14 * _S242 + _S64 * _S192 + _S16 * _S240 + _S17 * _S239 + _S18 * _S238 + _S19 * _S237 + _S20 * _S236 + _S21 * _S235 + _S22 * _S234 + _S23 * _S233 + _S24 * _S232 + _S25 * _S231 + _S26 * _S230 + _S27 * _S229 + _S28 * _S228 + _S29 * _S227 + _S30 * _S226 + _S112 * _S144 + _S97 * _S159 + _S98 * _S158 + _S99 * _S157 + _S100 * _S156 + _S101 * _S155 + _S102 * _S154 + _S103 * _S153 + _S104 * _S152 + _S105 * _S151 + _S106 * _S150 + _S107 * _S149 + _S108 * _S148 + _S109 * _S147 + _S110 * _S146 + _S111 * _S145 + _S96 * _S160 + _S113 * _S143 + _S114 * _S142 + _S115 * _S141 + _S116 * _S140 + _S117 * _S139 + _S118 * _S138 + _S119 * _S137 + _S120 * _S136 + _S121 * _S135 + _S122 * _S134 + _S123 * _S133 + _S124 * _S132 + _S125 * _S131 + _S126 * _S130 + _S127 * _S129 + _S80 * _S176 + _S65 * _S191 + _S66 * _S190 + _S67 * _S189 + _S68 * _S188 + _S69 * _S187 + _S70 * _S186 + _S71 * _S185 + _S72 * _S184 + _S73 * _S183 + _S74 * _S182 + _S75 * _S181 + _S76 * _S180 + _S77 * _S179 + _S78 * _S178 + _S79 * _S177 + _S127 * _S1.value0_1.value0_0 * _S128 + _S81 * _S175 + _S82 * _S174 + _S83 * _S173 + _S84 * _S172 + _S85 * _S171 + _S86 * _S170 + _S87 * _S169 + _S88 * _S168 + _S89 * _S167 + _S90 * _S166 + _S91 * _S165 + _S92 * _S164 + _S93 * _S163 + _S94 * _S162 + _S95 * _S161;
    return;
}

fn _S254( _S255 : ptr<function, DiffPair_float_0>,  _S256 : i32,  _S257 : f32)
{
    var _S258 : s_paramCtx_s_bwdCallableCtx_taylorSin_0;
    _S258.value0_0 = (*_S255).primal_0;
    var _S259 : s_bwdCallableCtx_taylorSin_0 = s_bwdCallableCtx_taylorSin_0( _S258 );
    var _S260 : f32 = (*_S255).differential_0;
    s_bwdProp_taylorSin_0(_S259, &(_S260), _S257);
    (*_S255).differential_0 = _S260;
    return;
}

@compute
@workgroup_size(256, 1, 1)
fn computeMain(@builtin(global_invocation_id) tid_0 : vec3<u32>)
{
    var i_0 : u32 = tid_0.x;
    var terms_0 : i32 = params_0[i32(0)];
    var x_0 : DiffPair_float_0;
    x_0.primal_0 = xs_0[i_0];
    x_0.differential_0 = 0.0f;
    _S254(&(x_0), terms_0, 1.0f);
    result_0[i_0] = x_0.differential_0;
    return;
}

