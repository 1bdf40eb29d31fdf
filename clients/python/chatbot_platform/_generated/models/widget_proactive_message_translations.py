from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetProactiveMessageTranslations")


@_attrs_define
class WidgetProactiveMessageTranslations:
    """The message per language (ISO 639-1), picked as the chatbot’s strings are: the visitor’s browser language

    Attributes:
        aa (str | Unset):
        ab (str | Unset):
        ae (str | Unset):
        af (str | Unset):
        ak (str | Unset):
        am (str | Unset):
        an (str | Unset):
        ar (str | Unset):
        as_ (str | Unset):
        av (str | Unset):
        ay (str | Unset):
        az (str | Unset):
        ba (str | Unset):
        be (str | Unset):
        bg (str | Unset):
        bi (str | Unset):
        bm (str | Unset):
        bn (str | Unset):
        bo (str | Unset):
        br (str | Unset):
        bs (str | Unset):
        ca (str | Unset):
        ce (str | Unset):
        ch (str | Unset):
        co (str | Unset):
        cr (str | Unset):
        cs (str | Unset):
        cu (str | Unset):
        cv (str | Unset):
        cy (str | Unset):
        da (str | Unset):
        de (str | Unset):
        dv (str | Unset):
        dz (str | Unset):
        ee (str | Unset):
        el (str | Unset):
        en (str | Unset):
        eo (str | Unset):
        es (str | Unset):
        et (str | Unset):
        eu (str | Unset):
        fa (str | Unset):
        ff (str | Unset):
        fi (str | Unset):
        fj (str | Unset):
        fo (str | Unset):
        fr (str | Unset):
        fy (str | Unset):
        ga (str | Unset):
        gd (str | Unset):
        gl (str | Unset):
        gn (str | Unset):
        gu (str | Unset):
        gv (str | Unset):
        ha (str | Unset):
        he (str | Unset):
        hi (str | Unset):
        ho (str | Unset):
        hr (str | Unset):
        ht (str | Unset):
        hu (str | Unset):
        hy (str | Unset):
        hz (str | Unset):
        ia (str | Unset):
        id (str | Unset):
        ie (str | Unset):
        ig (str | Unset):
        ii (str | Unset):
        ik (str | Unset):
        io (str | Unset):
        is_ (str | Unset):
        it (str | Unset):
        iu (str | Unset):
        ja (str | Unset):
        jv (str | Unset):
        ka (str | Unset):
        kg (str | Unset):
        ki (str | Unset):
        kj (str | Unset):
        kk (str | Unset):
        kl (str | Unset):
        km (str | Unset):
        kn (str | Unset):
        ko (str | Unset):
        kr (str | Unset):
        ks (str | Unset):
        ku (str | Unset):
        kv (str | Unset):
        kw (str | Unset):
        ky (str | Unset):
        la (str | Unset):
        lb (str | Unset):
        lg (str | Unset):
        li (str | Unset):
        ln (str | Unset):
        lo (str | Unset):
        lt (str | Unset):
        lu (str | Unset):
        lv (str | Unset):
        mg (str | Unset):
        mh (str | Unset):
        mi (str | Unset):
        mk (str | Unset):
        ml (str | Unset):
        mn (str | Unset):
        mr (str | Unset):
        ms (str | Unset):
        mt (str | Unset):
        my (str | Unset):
        na (str | Unset):
        nb (str | Unset):
        nd (str | Unset):
        ne (str | Unset):
        ng (str | Unset):
        nl (str | Unset):
        nn (str | Unset):
        no (str | Unset):
        nr (str | Unset):
        nv (str | Unset):
        ny (str | Unset):
        oc (str | Unset):
        oj (str | Unset):
        om (str | Unset):
        or_ (str | Unset):
        os (str | Unset):
        pa (str | Unset):
        pi (str | Unset):
        pl (str | Unset):
        ps (str | Unset):
        pt (str | Unset):
        qu (str | Unset):
        rm (str | Unset):
        rn (str | Unset):
        ro (str | Unset):
        ru (str | Unset):
        rw (str | Unset):
        sa (str | Unset):
        sc (str | Unset):
        sd (str | Unset):
        se (str | Unset):
        sg (str | Unset):
        si (str | Unset):
        sk (str | Unset):
        sl (str | Unset):
        sm (str | Unset):
        sn (str | Unset):
        so (str | Unset):
        sq (str | Unset):
        sr (str | Unset):
        ss (str | Unset):
        st (str | Unset):
        su (str | Unset):
        sv (str | Unset):
        sw (str | Unset):
        ta (str | Unset):
        te (str | Unset):
        tg (str | Unset):
        th (str | Unset):
        ti (str | Unset):
        tk (str | Unset):
        tl (str | Unset):
        tn (str | Unset):
        to (str | Unset):
        tr (str | Unset):
        ts (str | Unset):
        tt (str | Unset):
        tw (str | Unset):
        ty (str | Unset):
        ug (str | Unset):
        uk (str | Unset):
        ur (str | Unset):
        uz (str | Unset):
        ve (str | Unset):
        vi (str | Unset):
        vo (str | Unset):
        wa (str | Unset):
        wo (str | Unset):
        xh (str | Unset):
        yi (str | Unset):
        yo (str | Unset):
        za (str | Unset):
        zh (str | Unset):
        zu (str | Unset):
    """

    aa: str | Unset = UNSET
    ab: str | Unset = UNSET
    ae: str | Unset = UNSET
    af: str | Unset = UNSET
    ak: str | Unset = UNSET
    am: str | Unset = UNSET
    an: str | Unset = UNSET
    ar: str | Unset = UNSET
    as_: str | Unset = UNSET
    av: str | Unset = UNSET
    ay: str | Unset = UNSET
    az: str | Unset = UNSET
    ba: str | Unset = UNSET
    be: str | Unset = UNSET
    bg: str | Unset = UNSET
    bi: str | Unset = UNSET
    bm: str | Unset = UNSET
    bn: str | Unset = UNSET
    bo: str | Unset = UNSET
    br: str | Unset = UNSET
    bs: str | Unset = UNSET
    ca: str | Unset = UNSET
    ce: str | Unset = UNSET
    ch: str | Unset = UNSET
    co: str | Unset = UNSET
    cr: str | Unset = UNSET
    cs: str | Unset = UNSET
    cu: str | Unset = UNSET
    cv: str | Unset = UNSET
    cy: str | Unset = UNSET
    da: str | Unset = UNSET
    de: str | Unset = UNSET
    dv: str | Unset = UNSET
    dz: str | Unset = UNSET
    ee: str | Unset = UNSET
    el: str | Unset = UNSET
    en: str | Unset = UNSET
    eo: str | Unset = UNSET
    es: str | Unset = UNSET
    et: str | Unset = UNSET
    eu: str | Unset = UNSET
    fa: str | Unset = UNSET
    ff: str | Unset = UNSET
    fi: str | Unset = UNSET
    fj: str | Unset = UNSET
    fo: str | Unset = UNSET
    fr: str | Unset = UNSET
    fy: str | Unset = UNSET
    ga: str | Unset = UNSET
    gd: str | Unset = UNSET
    gl: str | Unset = UNSET
    gn: str | Unset = UNSET
    gu: str | Unset = UNSET
    gv: str | Unset = UNSET
    ha: str | Unset = UNSET
    he: str | Unset = UNSET
    hi: str | Unset = UNSET
    ho: str | Unset = UNSET
    hr: str | Unset = UNSET
    ht: str | Unset = UNSET
    hu: str | Unset = UNSET
    hy: str | Unset = UNSET
    hz: str | Unset = UNSET
    ia: str | Unset = UNSET
    id: str | Unset = UNSET
    ie: str | Unset = UNSET
    ig: str | Unset = UNSET
    ii: str | Unset = UNSET
    ik: str | Unset = UNSET
    io: str | Unset = UNSET
    is_: str | Unset = UNSET
    it: str | Unset = UNSET
    iu: str | Unset = UNSET
    ja: str | Unset = UNSET
    jv: str | Unset = UNSET
    ka: str | Unset = UNSET
    kg: str | Unset = UNSET
    ki: str | Unset = UNSET
    kj: str | Unset = UNSET
    kk: str | Unset = UNSET
    kl: str | Unset = UNSET
    km: str | Unset = UNSET
    kn: str | Unset = UNSET
    ko: str | Unset = UNSET
    kr: str | Unset = UNSET
    ks: str | Unset = UNSET
    ku: str | Unset = UNSET
    kv: str | Unset = UNSET
    kw: str | Unset = UNSET
    ky: str | Unset = UNSET
    la: str | Unset = UNSET
    lb: str | Unset = UNSET
    lg: str | Unset = UNSET
    li: str | Unset = UNSET
    ln: str | Unset = UNSET
    lo: str | Unset = UNSET
    lt: str | Unset = UNSET
    lu: str | Unset = UNSET
    lv: str | Unset = UNSET
    mg: str | Unset = UNSET
    mh: str | Unset = UNSET
    mi: str | Unset = UNSET
    mk: str | Unset = UNSET
    ml: str | Unset = UNSET
    mn: str | Unset = UNSET
    mr: str | Unset = UNSET
    ms: str | Unset = UNSET
    mt: str | Unset = UNSET
    my: str | Unset = UNSET
    na: str | Unset = UNSET
    nb: str | Unset = UNSET
    nd: str | Unset = UNSET
    ne: str | Unset = UNSET
    ng: str | Unset = UNSET
    nl: str | Unset = UNSET
    nn: str | Unset = UNSET
    no: str | Unset = UNSET
    nr: str | Unset = UNSET
    nv: str | Unset = UNSET
    ny: str | Unset = UNSET
    oc: str | Unset = UNSET
    oj: str | Unset = UNSET
    om: str | Unset = UNSET
    or_: str | Unset = UNSET
    os: str | Unset = UNSET
    pa: str | Unset = UNSET
    pi: str | Unset = UNSET
    pl: str | Unset = UNSET
    ps: str | Unset = UNSET
    pt: str | Unset = UNSET
    qu: str | Unset = UNSET
    rm: str | Unset = UNSET
    rn: str | Unset = UNSET
    ro: str | Unset = UNSET
    ru: str | Unset = UNSET
    rw: str | Unset = UNSET
    sa: str | Unset = UNSET
    sc: str | Unset = UNSET
    sd: str | Unset = UNSET
    se: str | Unset = UNSET
    sg: str | Unset = UNSET
    si: str | Unset = UNSET
    sk: str | Unset = UNSET
    sl: str | Unset = UNSET
    sm: str | Unset = UNSET
    sn: str | Unset = UNSET
    so: str | Unset = UNSET
    sq: str | Unset = UNSET
    sr: str | Unset = UNSET
    ss: str | Unset = UNSET
    st: str | Unset = UNSET
    su: str | Unset = UNSET
    sv: str | Unset = UNSET
    sw: str | Unset = UNSET
    ta: str | Unset = UNSET
    te: str | Unset = UNSET
    tg: str | Unset = UNSET
    th: str | Unset = UNSET
    ti: str | Unset = UNSET
    tk: str | Unset = UNSET
    tl: str | Unset = UNSET
    tn: str | Unset = UNSET
    to: str | Unset = UNSET
    tr: str | Unset = UNSET
    ts: str | Unset = UNSET
    tt: str | Unset = UNSET
    tw: str | Unset = UNSET
    ty: str | Unset = UNSET
    ug: str | Unset = UNSET
    uk: str | Unset = UNSET
    ur: str | Unset = UNSET
    uz: str | Unset = UNSET
    ve: str | Unset = UNSET
    vi: str | Unset = UNSET
    vo: str | Unset = UNSET
    wa: str | Unset = UNSET
    wo: str | Unset = UNSET
    xh: str | Unset = UNSET
    yi: str | Unset = UNSET
    yo: str | Unset = UNSET
    za: str | Unset = UNSET
    zh: str | Unset = UNSET
    zu: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        aa = self.aa

        ab = self.ab

        ae = self.ae

        af = self.af

        ak = self.ak

        am = self.am

        an = self.an

        ar = self.ar

        as_ = self.as_

        av = self.av

        ay = self.ay

        az = self.az

        ba = self.ba

        be = self.be

        bg = self.bg

        bi = self.bi

        bm = self.bm

        bn = self.bn

        bo = self.bo

        br = self.br

        bs = self.bs

        ca = self.ca

        ce = self.ce

        ch = self.ch

        co = self.co

        cr = self.cr

        cs = self.cs

        cu = self.cu

        cv = self.cv

        cy = self.cy

        da = self.da

        de = self.de

        dv = self.dv

        dz = self.dz

        ee = self.ee

        el = self.el

        en = self.en

        eo = self.eo

        es = self.es

        et = self.et

        eu = self.eu

        fa = self.fa

        ff = self.ff

        fi = self.fi

        fj = self.fj

        fo = self.fo

        fr = self.fr

        fy = self.fy

        ga = self.ga

        gd = self.gd

        gl = self.gl

        gn = self.gn

        gu = self.gu

        gv = self.gv

        ha = self.ha

        he = self.he

        hi = self.hi

        ho = self.ho

        hr = self.hr

        ht = self.ht

        hu = self.hu

        hy = self.hy

        hz = self.hz

        ia = self.ia

        id = self.id

        ie = self.ie

        ig = self.ig

        ii = self.ii

        ik = self.ik

        io = self.io

        is_ = self.is_

        it = self.it

        iu = self.iu

        ja = self.ja

        jv = self.jv

        ka = self.ka

        kg = self.kg

        ki = self.ki

        kj = self.kj

        kk = self.kk

        kl = self.kl

        km = self.km

        kn = self.kn

        ko = self.ko

        kr = self.kr

        ks = self.ks

        ku = self.ku

        kv = self.kv

        kw = self.kw

        ky = self.ky

        la = self.la

        lb = self.lb

        lg = self.lg

        li = self.li

        ln = self.ln

        lo = self.lo

        lt = self.lt

        lu = self.lu

        lv = self.lv

        mg = self.mg

        mh = self.mh

        mi = self.mi

        mk = self.mk

        ml = self.ml

        mn = self.mn

        mr = self.mr

        ms = self.ms

        mt = self.mt

        my = self.my

        na = self.na

        nb = self.nb

        nd = self.nd

        ne = self.ne

        ng = self.ng

        nl = self.nl

        nn = self.nn

        no = self.no

        nr = self.nr

        nv = self.nv

        ny = self.ny

        oc = self.oc

        oj = self.oj

        om = self.om

        or_ = self.or_

        os = self.os

        pa = self.pa

        pi = self.pi

        pl = self.pl

        ps = self.ps

        pt = self.pt

        qu = self.qu

        rm = self.rm

        rn = self.rn

        ro = self.ro

        ru = self.ru

        rw = self.rw

        sa = self.sa

        sc = self.sc

        sd = self.sd

        se = self.se

        sg = self.sg

        si = self.si

        sk = self.sk

        sl = self.sl

        sm = self.sm

        sn = self.sn

        so = self.so

        sq = self.sq

        sr = self.sr

        ss = self.ss

        st = self.st

        su = self.su

        sv = self.sv

        sw = self.sw

        ta = self.ta

        te = self.te

        tg = self.tg

        th = self.th

        ti = self.ti

        tk = self.tk

        tl = self.tl

        tn = self.tn

        to = self.to

        tr = self.tr

        ts = self.ts

        tt = self.tt

        tw = self.tw

        ty = self.ty

        ug = self.ug

        uk = self.uk

        ur = self.ur

        uz = self.uz

        ve = self.ve

        vi = self.vi

        vo = self.vo

        wa = self.wa

        wo = self.wo

        xh = self.xh

        yi = self.yi

        yo = self.yo

        za = self.za

        zh = self.zh

        zu = self.zu

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if aa is not UNSET:
            field_dict["aa"] = aa
        if ab is not UNSET:
            field_dict["ab"] = ab
        if ae is not UNSET:
            field_dict["ae"] = ae
        if af is not UNSET:
            field_dict["af"] = af
        if ak is not UNSET:
            field_dict["ak"] = ak
        if am is not UNSET:
            field_dict["am"] = am
        if an is not UNSET:
            field_dict["an"] = an
        if ar is not UNSET:
            field_dict["ar"] = ar
        if as_ is not UNSET:
            field_dict["as"] = as_
        if av is not UNSET:
            field_dict["av"] = av
        if ay is not UNSET:
            field_dict["ay"] = ay
        if az is not UNSET:
            field_dict["az"] = az
        if ba is not UNSET:
            field_dict["ba"] = ba
        if be is not UNSET:
            field_dict["be"] = be
        if bg is not UNSET:
            field_dict["bg"] = bg
        if bi is not UNSET:
            field_dict["bi"] = bi
        if bm is not UNSET:
            field_dict["bm"] = bm
        if bn is not UNSET:
            field_dict["bn"] = bn
        if bo is not UNSET:
            field_dict["bo"] = bo
        if br is not UNSET:
            field_dict["br"] = br
        if bs is not UNSET:
            field_dict["bs"] = bs
        if ca is not UNSET:
            field_dict["ca"] = ca
        if ce is not UNSET:
            field_dict["ce"] = ce
        if ch is not UNSET:
            field_dict["ch"] = ch
        if co is not UNSET:
            field_dict["co"] = co
        if cr is not UNSET:
            field_dict["cr"] = cr
        if cs is not UNSET:
            field_dict["cs"] = cs
        if cu is not UNSET:
            field_dict["cu"] = cu
        if cv is not UNSET:
            field_dict["cv"] = cv
        if cy is not UNSET:
            field_dict["cy"] = cy
        if da is not UNSET:
            field_dict["da"] = da
        if de is not UNSET:
            field_dict["de"] = de
        if dv is not UNSET:
            field_dict["dv"] = dv
        if dz is not UNSET:
            field_dict["dz"] = dz
        if ee is not UNSET:
            field_dict["ee"] = ee
        if el is not UNSET:
            field_dict["el"] = el
        if en is not UNSET:
            field_dict["en"] = en
        if eo is not UNSET:
            field_dict["eo"] = eo
        if es is not UNSET:
            field_dict["es"] = es
        if et is not UNSET:
            field_dict["et"] = et
        if eu is not UNSET:
            field_dict["eu"] = eu
        if fa is not UNSET:
            field_dict["fa"] = fa
        if ff is not UNSET:
            field_dict["ff"] = ff
        if fi is not UNSET:
            field_dict["fi"] = fi
        if fj is not UNSET:
            field_dict["fj"] = fj
        if fo is not UNSET:
            field_dict["fo"] = fo
        if fr is not UNSET:
            field_dict["fr"] = fr
        if fy is not UNSET:
            field_dict["fy"] = fy
        if ga is not UNSET:
            field_dict["ga"] = ga
        if gd is not UNSET:
            field_dict["gd"] = gd
        if gl is not UNSET:
            field_dict["gl"] = gl
        if gn is not UNSET:
            field_dict["gn"] = gn
        if gu is not UNSET:
            field_dict["gu"] = gu
        if gv is not UNSET:
            field_dict["gv"] = gv
        if ha is not UNSET:
            field_dict["ha"] = ha
        if he is not UNSET:
            field_dict["he"] = he
        if hi is not UNSET:
            field_dict["hi"] = hi
        if ho is not UNSET:
            field_dict["ho"] = ho
        if hr is not UNSET:
            field_dict["hr"] = hr
        if ht is not UNSET:
            field_dict["ht"] = ht
        if hu is not UNSET:
            field_dict["hu"] = hu
        if hy is not UNSET:
            field_dict["hy"] = hy
        if hz is not UNSET:
            field_dict["hz"] = hz
        if ia is not UNSET:
            field_dict["ia"] = ia
        if id is not UNSET:
            field_dict["id"] = id
        if ie is not UNSET:
            field_dict["ie"] = ie
        if ig is not UNSET:
            field_dict["ig"] = ig
        if ii is not UNSET:
            field_dict["ii"] = ii
        if ik is not UNSET:
            field_dict["ik"] = ik
        if io is not UNSET:
            field_dict["io"] = io
        if is_ is not UNSET:
            field_dict["is"] = is_
        if it is not UNSET:
            field_dict["it"] = it
        if iu is not UNSET:
            field_dict["iu"] = iu
        if ja is not UNSET:
            field_dict["ja"] = ja
        if jv is not UNSET:
            field_dict["jv"] = jv
        if ka is not UNSET:
            field_dict["ka"] = ka
        if kg is not UNSET:
            field_dict["kg"] = kg
        if ki is not UNSET:
            field_dict["ki"] = ki
        if kj is not UNSET:
            field_dict["kj"] = kj
        if kk is not UNSET:
            field_dict["kk"] = kk
        if kl is not UNSET:
            field_dict["kl"] = kl
        if km is not UNSET:
            field_dict["km"] = km
        if kn is not UNSET:
            field_dict["kn"] = kn
        if ko is not UNSET:
            field_dict["ko"] = ko
        if kr is not UNSET:
            field_dict["kr"] = kr
        if ks is not UNSET:
            field_dict["ks"] = ks
        if ku is not UNSET:
            field_dict["ku"] = ku
        if kv is not UNSET:
            field_dict["kv"] = kv
        if kw is not UNSET:
            field_dict["kw"] = kw
        if ky is not UNSET:
            field_dict["ky"] = ky
        if la is not UNSET:
            field_dict["la"] = la
        if lb is not UNSET:
            field_dict["lb"] = lb
        if lg is not UNSET:
            field_dict["lg"] = lg
        if li is not UNSET:
            field_dict["li"] = li
        if ln is not UNSET:
            field_dict["ln"] = ln
        if lo is not UNSET:
            field_dict["lo"] = lo
        if lt is not UNSET:
            field_dict["lt"] = lt
        if lu is not UNSET:
            field_dict["lu"] = lu
        if lv is not UNSET:
            field_dict["lv"] = lv
        if mg is not UNSET:
            field_dict["mg"] = mg
        if mh is not UNSET:
            field_dict["mh"] = mh
        if mi is not UNSET:
            field_dict["mi"] = mi
        if mk is not UNSET:
            field_dict["mk"] = mk
        if ml is not UNSET:
            field_dict["ml"] = ml
        if mn is not UNSET:
            field_dict["mn"] = mn
        if mr is not UNSET:
            field_dict["mr"] = mr
        if ms is not UNSET:
            field_dict["ms"] = ms
        if mt is not UNSET:
            field_dict["mt"] = mt
        if my is not UNSET:
            field_dict["my"] = my
        if na is not UNSET:
            field_dict["na"] = na
        if nb is not UNSET:
            field_dict["nb"] = nb
        if nd is not UNSET:
            field_dict["nd"] = nd
        if ne is not UNSET:
            field_dict["ne"] = ne
        if ng is not UNSET:
            field_dict["ng"] = ng
        if nl is not UNSET:
            field_dict["nl"] = nl
        if nn is not UNSET:
            field_dict["nn"] = nn
        if no is not UNSET:
            field_dict["no"] = no
        if nr is not UNSET:
            field_dict["nr"] = nr
        if nv is not UNSET:
            field_dict["nv"] = nv
        if ny is not UNSET:
            field_dict["ny"] = ny
        if oc is not UNSET:
            field_dict["oc"] = oc
        if oj is not UNSET:
            field_dict["oj"] = oj
        if om is not UNSET:
            field_dict["om"] = om
        if or_ is not UNSET:
            field_dict["or"] = or_
        if os is not UNSET:
            field_dict["os"] = os
        if pa is not UNSET:
            field_dict["pa"] = pa
        if pi is not UNSET:
            field_dict["pi"] = pi
        if pl is not UNSET:
            field_dict["pl"] = pl
        if ps is not UNSET:
            field_dict["ps"] = ps
        if pt is not UNSET:
            field_dict["pt"] = pt
        if qu is not UNSET:
            field_dict["qu"] = qu
        if rm is not UNSET:
            field_dict["rm"] = rm
        if rn is not UNSET:
            field_dict["rn"] = rn
        if ro is not UNSET:
            field_dict["ro"] = ro
        if ru is not UNSET:
            field_dict["ru"] = ru
        if rw is not UNSET:
            field_dict["rw"] = rw
        if sa is not UNSET:
            field_dict["sa"] = sa
        if sc is not UNSET:
            field_dict["sc"] = sc
        if sd is not UNSET:
            field_dict["sd"] = sd
        if se is not UNSET:
            field_dict["se"] = se
        if sg is not UNSET:
            field_dict["sg"] = sg
        if si is not UNSET:
            field_dict["si"] = si
        if sk is not UNSET:
            field_dict["sk"] = sk
        if sl is not UNSET:
            field_dict["sl"] = sl
        if sm is not UNSET:
            field_dict["sm"] = sm
        if sn is not UNSET:
            field_dict["sn"] = sn
        if so is not UNSET:
            field_dict["so"] = so
        if sq is not UNSET:
            field_dict["sq"] = sq
        if sr is not UNSET:
            field_dict["sr"] = sr
        if ss is not UNSET:
            field_dict["ss"] = ss
        if st is not UNSET:
            field_dict["st"] = st
        if su is not UNSET:
            field_dict["su"] = su
        if sv is not UNSET:
            field_dict["sv"] = sv
        if sw is not UNSET:
            field_dict["sw"] = sw
        if ta is not UNSET:
            field_dict["ta"] = ta
        if te is not UNSET:
            field_dict["te"] = te
        if tg is not UNSET:
            field_dict["tg"] = tg
        if th is not UNSET:
            field_dict["th"] = th
        if ti is not UNSET:
            field_dict["ti"] = ti
        if tk is not UNSET:
            field_dict["tk"] = tk
        if tl is not UNSET:
            field_dict["tl"] = tl
        if tn is not UNSET:
            field_dict["tn"] = tn
        if to is not UNSET:
            field_dict["to"] = to
        if tr is not UNSET:
            field_dict["tr"] = tr
        if ts is not UNSET:
            field_dict["ts"] = ts
        if tt is not UNSET:
            field_dict["tt"] = tt
        if tw is not UNSET:
            field_dict["tw"] = tw
        if ty is not UNSET:
            field_dict["ty"] = ty
        if ug is not UNSET:
            field_dict["ug"] = ug
        if uk is not UNSET:
            field_dict["uk"] = uk
        if ur is not UNSET:
            field_dict["ur"] = ur
        if uz is not UNSET:
            field_dict["uz"] = uz
        if ve is not UNSET:
            field_dict["ve"] = ve
        if vi is not UNSET:
            field_dict["vi"] = vi
        if vo is not UNSET:
            field_dict["vo"] = vo
        if wa is not UNSET:
            field_dict["wa"] = wa
        if wo is not UNSET:
            field_dict["wo"] = wo
        if xh is not UNSET:
            field_dict["xh"] = xh
        if yi is not UNSET:
            field_dict["yi"] = yi
        if yo is not UNSET:
            field_dict["yo"] = yo
        if za is not UNSET:
            field_dict["za"] = za
        if zh is not UNSET:
            field_dict["zh"] = zh
        if zu is not UNSET:
            field_dict["zu"] = zu

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        aa = d.pop("aa", UNSET)

        ab = d.pop("ab", UNSET)

        ae = d.pop("ae", UNSET)

        af = d.pop("af", UNSET)

        ak = d.pop("ak", UNSET)

        am = d.pop("am", UNSET)

        an = d.pop("an", UNSET)

        ar = d.pop("ar", UNSET)

        as_ = d.pop("as", UNSET)

        av = d.pop("av", UNSET)

        ay = d.pop("ay", UNSET)

        az = d.pop("az", UNSET)

        ba = d.pop("ba", UNSET)

        be = d.pop("be", UNSET)

        bg = d.pop("bg", UNSET)

        bi = d.pop("bi", UNSET)

        bm = d.pop("bm", UNSET)

        bn = d.pop("bn", UNSET)

        bo = d.pop("bo", UNSET)

        br = d.pop("br", UNSET)

        bs = d.pop("bs", UNSET)

        ca = d.pop("ca", UNSET)

        ce = d.pop("ce", UNSET)

        ch = d.pop("ch", UNSET)

        co = d.pop("co", UNSET)

        cr = d.pop("cr", UNSET)

        cs = d.pop("cs", UNSET)

        cu = d.pop("cu", UNSET)

        cv = d.pop("cv", UNSET)

        cy = d.pop("cy", UNSET)

        da = d.pop("da", UNSET)

        de = d.pop("de", UNSET)

        dv = d.pop("dv", UNSET)

        dz = d.pop("dz", UNSET)

        ee = d.pop("ee", UNSET)

        el = d.pop("el", UNSET)

        en = d.pop("en", UNSET)

        eo = d.pop("eo", UNSET)

        es = d.pop("es", UNSET)

        et = d.pop("et", UNSET)

        eu = d.pop("eu", UNSET)

        fa = d.pop("fa", UNSET)

        ff = d.pop("ff", UNSET)

        fi = d.pop("fi", UNSET)

        fj = d.pop("fj", UNSET)

        fo = d.pop("fo", UNSET)

        fr = d.pop("fr", UNSET)

        fy = d.pop("fy", UNSET)

        ga = d.pop("ga", UNSET)

        gd = d.pop("gd", UNSET)

        gl = d.pop("gl", UNSET)

        gn = d.pop("gn", UNSET)

        gu = d.pop("gu", UNSET)

        gv = d.pop("gv", UNSET)

        ha = d.pop("ha", UNSET)

        he = d.pop("he", UNSET)

        hi = d.pop("hi", UNSET)

        ho = d.pop("ho", UNSET)

        hr = d.pop("hr", UNSET)

        ht = d.pop("ht", UNSET)

        hu = d.pop("hu", UNSET)

        hy = d.pop("hy", UNSET)

        hz = d.pop("hz", UNSET)

        ia = d.pop("ia", UNSET)

        id = d.pop("id", UNSET)

        ie = d.pop("ie", UNSET)

        ig = d.pop("ig", UNSET)

        ii = d.pop("ii", UNSET)

        ik = d.pop("ik", UNSET)

        io = d.pop("io", UNSET)

        is_ = d.pop("is", UNSET)

        it = d.pop("it", UNSET)

        iu = d.pop("iu", UNSET)

        ja = d.pop("ja", UNSET)

        jv = d.pop("jv", UNSET)

        ka = d.pop("ka", UNSET)

        kg = d.pop("kg", UNSET)

        ki = d.pop("ki", UNSET)

        kj = d.pop("kj", UNSET)

        kk = d.pop("kk", UNSET)

        kl = d.pop("kl", UNSET)

        km = d.pop("km", UNSET)

        kn = d.pop("kn", UNSET)

        ko = d.pop("ko", UNSET)

        kr = d.pop("kr", UNSET)

        ks = d.pop("ks", UNSET)

        ku = d.pop("ku", UNSET)

        kv = d.pop("kv", UNSET)

        kw = d.pop("kw", UNSET)

        ky = d.pop("ky", UNSET)

        la = d.pop("la", UNSET)

        lb = d.pop("lb", UNSET)

        lg = d.pop("lg", UNSET)

        li = d.pop("li", UNSET)

        ln = d.pop("ln", UNSET)

        lo = d.pop("lo", UNSET)

        lt = d.pop("lt", UNSET)

        lu = d.pop("lu", UNSET)

        lv = d.pop("lv", UNSET)

        mg = d.pop("mg", UNSET)

        mh = d.pop("mh", UNSET)

        mi = d.pop("mi", UNSET)

        mk = d.pop("mk", UNSET)

        ml = d.pop("ml", UNSET)

        mn = d.pop("mn", UNSET)

        mr = d.pop("mr", UNSET)

        ms = d.pop("ms", UNSET)

        mt = d.pop("mt", UNSET)

        my = d.pop("my", UNSET)

        na = d.pop("na", UNSET)

        nb = d.pop("nb", UNSET)

        nd = d.pop("nd", UNSET)

        ne = d.pop("ne", UNSET)

        ng = d.pop("ng", UNSET)

        nl = d.pop("nl", UNSET)

        nn = d.pop("nn", UNSET)

        no = d.pop("no", UNSET)

        nr = d.pop("nr", UNSET)

        nv = d.pop("nv", UNSET)

        ny = d.pop("ny", UNSET)

        oc = d.pop("oc", UNSET)

        oj = d.pop("oj", UNSET)

        om = d.pop("om", UNSET)

        or_ = d.pop("or", UNSET)

        os = d.pop("os", UNSET)

        pa = d.pop("pa", UNSET)

        pi = d.pop("pi", UNSET)

        pl = d.pop("pl", UNSET)

        ps = d.pop("ps", UNSET)

        pt = d.pop("pt", UNSET)

        qu = d.pop("qu", UNSET)

        rm = d.pop("rm", UNSET)

        rn = d.pop("rn", UNSET)

        ro = d.pop("ro", UNSET)

        ru = d.pop("ru", UNSET)

        rw = d.pop("rw", UNSET)

        sa = d.pop("sa", UNSET)

        sc = d.pop("sc", UNSET)

        sd = d.pop("sd", UNSET)

        se = d.pop("se", UNSET)

        sg = d.pop("sg", UNSET)

        si = d.pop("si", UNSET)

        sk = d.pop("sk", UNSET)

        sl = d.pop("sl", UNSET)

        sm = d.pop("sm", UNSET)

        sn = d.pop("sn", UNSET)

        so = d.pop("so", UNSET)

        sq = d.pop("sq", UNSET)

        sr = d.pop("sr", UNSET)

        ss = d.pop("ss", UNSET)

        st = d.pop("st", UNSET)

        su = d.pop("su", UNSET)

        sv = d.pop("sv", UNSET)

        sw = d.pop("sw", UNSET)

        ta = d.pop("ta", UNSET)

        te = d.pop("te", UNSET)

        tg = d.pop("tg", UNSET)

        th = d.pop("th", UNSET)

        ti = d.pop("ti", UNSET)

        tk = d.pop("tk", UNSET)

        tl = d.pop("tl", UNSET)

        tn = d.pop("tn", UNSET)

        to = d.pop("to", UNSET)

        tr = d.pop("tr", UNSET)

        ts = d.pop("ts", UNSET)

        tt = d.pop("tt", UNSET)

        tw = d.pop("tw", UNSET)

        ty = d.pop("ty", UNSET)

        ug = d.pop("ug", UNSET)

        uk = d.pop("uk", UNSET)

        ur = d.pop("ur", UNSET)

        uz = d.pop("uz", UNSET)

        ve = d.pop("ve", UNSET)

        vi = d.pop("vi", UNSET)

        vo = d.pop("vo", UNSET)

        wa = d.pop("wa", UNSET)

        wo = d.pop("wo", UNSET)

        xh = d.pop("xh", UNSET)

        yi = d.pop("yi", UNSET)

        yo = d.pop("yo", UNSET)

        za = d.pop("za", UNSET)

        zh = d.pop("zh", UNSET)

        zu = d.pop("zu", UNSET)

        widget_proactive_message_translations = cls(
            aa=aa,
            ab=ab,
            ae=ae,
            af=af,
            ak=ak,
            am=am,
            an=an,
            ar=ar,
            as_=as_,
            av=av,
            ay=ay,
            az=az,
            ba=ba,
            be=be,
            bg=bg,
            bi=bi,
            bm=bm,
            bn=bn,
            bo=bo,
            br=br,
            bs=bs,
            ca=ca,
            ce=ce,
            ch=ch,
            co=co,
            cr=cr,
            cs=cs,
            cu=cu,
            cv=cv,
            cy=cy,
            da=da,
            de=de,
            dv=dv,
            dz=dz,
            ee=ee,
            el=el,
            en=en,
            eo=eo,
            es=es,
            et=et,
            eu=eu,
            fa=fa,
            ff=ff,
            fi=fi,
            fj=fj,
            fo=fo,
            fr=fr,
            fy=fy,
            ga=ga,
            gd=gd,
            gl=gl,
            gn=gn,
            gu=gu,
            gv=gv,
            ha=ha,
            he=he,
            hi=hi,
            ho=ho,
            hr=hr,
            ht=ht,
            hu=hu,
            hy=hy,
            hz=hz,
            ia=ia,
            id=id,
            ie=ie,
            ig=ig,
            ii=ii,
            ik=ik,
            io=io,
            is_=is_,
            it=it,
            iu=iu,
            ja=ja,
            jv=jv,
            ka=ka,
            kg=kg,
            ki=ki,
            kj=kj,
            kk=kk,
            kl=kl,
            km=km,
            kn=kn,
            ko=ko,
            kr=kr,
            ks=ks,
            ku=ku,
            kv=kv,
            kw=kw,
            ky=ky,
            la=la,
            lb=lb,
            lg=lg,
            li=li,
            ln=ln,
            lo=lo,
            lt=lt,
            lu=lu,
            lv=lv,
            mg=mg,
            mh=mh,
            mi=mi,
            mk=mk,
            ml=ml,
            mn=mn,
            mr=mr,
            ms=ms,
            mt=mt,
            my=my,
            na=na,
            nb=nb,
            nd=nd,
            ne=ne,
            ng=ng,
            nl=nl,
            nn=nn,
            no=no,
            nr=nr,
            nv=nv,
            ny=ny,
            oc=oc,
            oj=oj,
            om=om,
            or_=or_,
            os=os,
            pa=pa,
            pi=pi,
            pl=pl,
            ps=ps,
            pt=pt,
            qu=qu,
            rm=rm,
            rn=rn,
            ro=ro,
            ru=ru,
            rw=rw,
            sa=sa,
            sc=sc,
            sd=sd,
            se=se,
            sg=sg,
            si=si,
            sk=sk,
            sl=sl,
            sm=sm,
            sn=sn,
            so=so,
            sq=sq,
            sr=sr,
            ss=ss,
            st=st,
            su=su,
            sv=sv,
            sw=sw,
            ta=ta,
            te=te,
            tg=tg,
            th=th,
            ti=ti,
            tk=tk,
            tl=tl,
            tn=tn,
            to=to,
            tr=tr,
            ts=ts,
            tt=tt,
            tw=tw,
            ty=ty,
            ug=ug,
            uk=uk,
            ur=ur,
            uz=uz,
            ve=ve,
            vi=vi,
            vo=vo,
            wa=wa,
            wo=wo,
            xh=xh,
            yi=yi,
            yo=yo,
            za=za,
            zh=zh,
            zu=zu,
        )

        return widget_proactive_message_translations
