from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_strings import WidgetStrings


T = TypeVar("T", bound="WidgetSettingsInputTranslations")


@_attrs_define
class WidgetSettingsInputTranslations:
    """The same strings per language (ISO 639-1); the widget picks the visitor’s browser language

    Attributes:
        aa (WidgetStrings | Unset):
        ab (WidgetStrings | Unset):
        ae (WidgetStrings | Unset):
        af (WidgetStrings | Unset):
        ak (WidgetStrings | Unset):
        am (WidgetStrings | Unset):
        an (WidgetStrings | Unset):
        ar (WidgetStrings | Unset):
        as_ (WidgetStrings | Unset):
        av (WidgetStrings | Unset):
        ay (WidgetStrings | Unset):
        az (WidgetStrings | Unset):
        ba (WidgetStrings | Unset):
        be (WidgetStrings | Unset):
        bg (WidgetStrings | Unset):
        bi (WidgetStrings | Unset):
        bm (WidgetStrings | Unset):
        bn (WidgetStrings | Unset):
        bo (WidgetStrings | Unset):
        br (WidgetStrings | Unset):
        bs (WidgetStrings | Unset):
        ca (WidgetStrings | Unset):
        ce (WidgetStrings | Unset):
        ch (WidgetStrings | Unset):
        co (WidgetStrings | Unset):
        cr (WidgetStrings | Unset):
        cs (WidgetStrings | Unset):
        cu (WidgetStrings | Unset):
        cv (WidgetStrings | Unset):
        cy (WidgetStrings | Unset):
        da (WidgetStrings | Unset):
        de (WidgetStrings | Unset):
        dv (WidgetStrings | Unset):
        dz (WidgetStrings | Unset):
        ee (WidgetStrings | Unset):
        el (WidgetStrings | Unset):
        en (WidgetStrings | Unset):
        eo (WidgetStrings | Unset):
        es (WidgetStrings | Unset):
        et (WidgetStrings | Unset):
        eu (WidgetStrings | Unset):
        fa (WidgetStrings | Unset):
        ff (WidgetStrings | Unset):
        fi (WidgetStrings | Unset):
        fj (WidgetStrings | Unset):
        fo (WidgetStrings | Unset):
        fr (WidgetStrings | Unset):
        fy (WidgetStrings | Unset):
        ga (WidgetStrings | Unset):
        gd (WidgetStrings | Unset):
        gl (WidgetStrings | Unset):
        gn (WidgetStrings | Unset):
        gu (WidgetStrings | Unset):
        gv (WidgetStrings | Unset):
        ha (WidgetStrings | Unset):
        he (WidgetStrings | Unset):
        hi (WidgetStrings | Unset):
        ho (WidgetStrings | Unset):
        hr (WidgetStrings | Unset):
        ht (WidgetStrings | Unset):
        hu (WidgetStrings | Unset):
        hy (WidgetStrings | Unset):
        hz (WidgetStrings | Unset):
        ia (WidgetStrings | Unset):
        id (WidgetStrings | Unset):
        ie (WidgetStrings | Unset):
        ig (WidgetStrings | Unset):
        ii (WidgetStrings | Unset):
        ik (WidgetStrings | Unset):
        io (WidgetStrings | Unset):
        is_ (WidgetStrings | Unset):
        it (WidgetStrings | Unset):
        iu (WidgetStrings | Unset):
        ja (WidgetStrings | Unset):
        jv (WidgetStrings | Unset):
        ka (WidgetStrings | Unset):
        kg (WidgetStrings | Unset):
        ki (WidgetStrings | Unset):
        kj (WidgetStrings | Unset):
        kk (WidgetStrings | Unset):
        kl (WidgetStrings | Unset):
        km (WidgetStrings | Unset):
        kn (WidgetStrings | Unset):
        ko (WidgetStrings | Unset):
        kr (WidgetStrings | Unset):
        ks (WidgetStrings | Unset):
        ku (WidgetStrings | Unset):
        kv (WidgetStrings | Unset):
        kw (WidgetStrings | Unset):
        ky (WidgetStrings | Unset):
        la (WidgetStrings | Unset):
        lb (WidgetStrings | Unset):
        lg (WidgetStrings | Unset):
        li (WidgetStrings | Unset):
        ln (WidgetStrings | Unset):
        lo (WidgetStrings | Unset):
        lt (WidgetStrings | Unset):
        lu (WidgetStrings | Unset):
        lv (WidgetStrings | Unset):
        mg (WidgetStrings | Unset):
        mh (WidgetStrings | Unset):
        mi (WidgetStrings | Unset):
        mk (WidgetStrings | Unset):
        ml (WidgetStrings | Unset):
        mn (WidgetStrings | Unset):
        mr (WidgetStrings | Unset):
        ms (WidgetStrings | Unset):
        mt (WidgetStrings | Unset):
        my (WidgetStrings | Unset):
        na (WidgetStrings | Unset):
        nb (WidgetStrings | Unset):
        nd (WidgetStrings | Unset):
        ne (WidgetStrings | Unset):
        ng (WidgetStrings | Unset):
        nl (WidgetStrings | Unset):
        nn (WidgetStrings | Unset):
        no (WidgetStrings | Unset):
        nr (WidgetStrings | Unset):
        nv (WidgetStrings | Unset):
        ny (WidgetStrings | Unset):
        oc (WidgetStrings | Unset):
        oj (WidgetStrings | Unset):
        om (WidgetStrings | Unset):
        or_ (WidgetStrings | Unset):
        os (WidgetStrings | Unset):
        pa (WidgetStrings | Unset):
        pi (WidgetStrings | Unset):
        pl (WidgetStrings | Unset):
        ps (WidgetStrings | Unset):
        pt (WidgetStrings | Unset):
        qu (WidgetStrings | Unset):
        rm (WidgetStrings | Unset):
        rn (WidgetStrings | Unset):
        ro (WidgetStrings | Unset):
        ru (WidgetStrings | Unset):
        rw (WidgetStrings | Unset):
        sa (WidgetStrings | Unset):
        sc (WidgetStrings | Unset):
        sd (WidgetStrings | Unset):
        se (WidgetStrings | Unset):
        sg (WidgetStrings | Unset):
        si (WidgetStrings | Unset):
        sk (WidgetStrings | Unset):
        sl (WidgetStrings | Unset):
        sm (WidgetStrings | Unset):
        sn (WidgetStrings | Unset):
        so (WidgetStrings | Unset):
        sq (WidgetStrings | Unset):
        sr (WidgetStrings | Unset):
        ss (WidgetStrings | Unset):
        st (WidgetStrings | Unset):
        su (WidgetStrings | Unset):
        sv (WidgetStrings | Unset):
        sw (WidgetStrings | Unset):
        ta (WidgetStrings | Unset):
        te (WidgetStrings | Unset):
        tg (WidgetStrings | Unset):
        th (WidgetStrings | Unset):
        ti (WidgetStrings | Unset):
        tk (WidgetStrings | Unset):
        tl (WidgetStrings | Unset):
        tn (WidgetStrings | Unset):
        to (WidgetStrings | Unset):
        tr (WidgetStrings | Unset):
        ts (WidgetStrings | Unset):
        tt (WidgetStrings | Unset):
        tw (WidgetStrings | Unset):
        ty (WidgetStrings | Unset):
        ug (WidgetStrings | Unset):
        uk (WidgetStrings | Unset):
        ur (WidgetStrings | Unset):
        uz (WidgetStrings | Unset):
        ve (WidgetStrings | Unset):
        vi (WidgetStrings | Unset):
        vo (WidgetStrings | Unset):
        wa (WidgetStrings | Unset):
        wo (WidgetStrings | Unset):
        xh (WidgetStrings | Unset):
        yi (WidgetStrings | Unset):
        yo (WidgetStrings | Unset):
        za (WidgetStrings | Unset):
        zh (WidgetStrings | Unset):
        zu (WidgetStrings | Unset):
    """

    aa: WidgetStrings | Unset = UNSET
    ab: WidgetStrings | Unset = UNSET
    ae: WidgetStrings | Unset = UNSET
    af: WidgetStrings | Unset = UNSET
    ak: WidgetStrings | Unset = UNSET
    am: WidgetStrings | Unset = UNSET
    an: WidgetStrings | Unset = UNSET
    ar: WidgetStrings | Unset = UNSET
    as_: WidgetStrings | Unset = UNSET
    av: WidgetStrings | Unset = UNSET
    ay: WidgetStrings | Unset = UNSET
    az: WidgetStrings | Unset = UNSET
    ba: WidgetStrings | Unset = UNSET
    be: WidgetStrings | Unset = UNSET
    bg: WidgetStrings | Unset = UNSET
    bi: WidgetStrings | Unset = UNSET
    bm: WidgetStrings | Unset = UNSET
    bn: WidgetStrings | Unset = UNSET
    bo: WidgetStrings | Unset = UNSET
    br: WidgetStrings | Unset = UNSET
    bs: WidgetStrings | Unset = UNSET
    ca: WidgetStrings | Unset = UNSET
    ce: WidgetStrings | Unset = UNSET
    ch: WidgetStrings | Unset = UNSET
    co: WidgetStrings | Unset = UNSET
    cr: WidgetStrings | Unset = UNSET
    cs: WidgetStrings | Unset = UNSET
    cu: WidgetStrings | Unset = UNSET
    cv: WidgetStrings | Unset = UNSET
    cy: WidgetStrings | Unset = UNSET
    da: WidgetStrings | Unset = UNSET
    de: WidgetStrings | Unset = UNSET
    dv: WidgetStrings | Unset = UNSET
    dz: WidgetStrings | Unset = UNSET
    ee: WidgetStrings | Unset = UNSET
    el: WidgetStrings | Unset = UNSET
    en: WidgetStrings | Unset = UNSET
    eo: WidgetStrings | Unset = UNSET
    es: WidgetStrings | Unset = UNSET
    et: WidgetStrings | Unset = UNSET
    eu: WidgetStrings | Unset = UNSET
    fa: WidgetStrings | Unset = UNSET
    ff: WidgetStrings | Unset = UNSET
    fi: WidgetStrings | Unset = UNSET
    fj: WidgetStrings | Unset = UNSET
    fo: WidgetStrings | Unset = UNSET
    fr: WidgetStrings | Unset = UNSET
    fy: WidgetStrings | Unset = UNSET
    ga: WidgetStrings | Unset = UNSET
    gd: WidgetStrings | Unset = UNSET
    gl: WidgetStrings | Unset = UNSET
    gn: WidgetStrings | Unset = UNSET
    gu: WidgetStrings | Unset = UNSET
    gv: WidgetStrings | Unset = UNSET
    ha: WidgetStrings | Unset = UNSET
    he: WidgetStrings | Unset = UNSET
    hi: WidgetStrings | Unset = UNSET
    ho: WidgetStrings | Unset = UNSET
    hr: WidgetStrings | Unset = UNSET
    ht: WidgetStrings | Unset = UNSET
    hu: WidgetStrings | Unset = UNSET
    hy: WidgetStrings | Unset = UNSET
    hz: WidgetStrings | Unset = UNSET
    ia: WidgetStrings | Unset = UNSET
    id: WidgetStrings | Unset = UNSET
    ie: WidgetStrings | Unset = UNSET
    ig: WidgetStrings | Unset = UNSET
    ii: WidgetStrings | Unset = UNSET
    ik: WidgetStrings | Unset = UNSET
    io: WidgetStrings | Unset = UNSET
    is_: WidgetStrings | Unset = UNSET
    it: WidgetStrings | Unset = UNSET
    iu: WidgetStrings | Unset = UNSET
    ja: WidgetStrings | Unset = UNSET
    jv: WidgetStrings | Unset = UNSET
    ka: WidgetStrings | Unset = UNSET
    kg: WidgetStrings | Unset = UNSET
    ki: WidgetStrings | Unset = UNSET
    kj: WidgetStrings | Unset = UNSET
    kk: WidgetStrings | Unset = UNSET
    kl: WidgetStrings | Unset = UNSET
    km: WidgetStrings | Unset = UNSET
    kn: WidgetStrings | Unset = UNSET
    ko: WidgetStrings | Unset = UNSET
    kr: WidgetStrings | Unset = UNSET
    ks: WidgetStrings | Unset = UNSET
    ku: WidgetStrings | Unset = UNSET
    kv: WidgetStrings | Unset = UNSET
    kw: WidgetStrings | Unset = UNSET
    ky: WidgetStrings | Unset = UNSET
    la: WidgetStrings | Unset = UNSET
    lb: WidgetStrings | Unset = UNSET
    lg: WidgetStrings | Unset = UNSET
    li: WidgetStrings | Unset = UNSET
    ln: WidgetStrings | Unset = UNSET
    lo: WidgetStrings | Unset = UNSET
    lt: WidgetStrings | Unset = UNSET
    lu: WidgetStrings | Unset = UNSET
    lv: WidgetStrings | Unset = UNSET
    mg: WidgetStrings | Unset = UNSET
    mh: WidgetStrings | Unset = UNSET
    mi: WidgetStrings | Unset = UNSET
    mk: WidgetStrings | Unset = UNSET
    ml: WidgetStrings | Unset = UNSET
    mn: WidgetStrings | Unset = UNSET
    mr: WidgetStrings | Unset = UNSET
    ms: WidgetStrings | Unset = UNSET
    mt: WidgetStrings | Unset = UNSET
    my: WidgetStrings | Unset = UNSET
    na: WidgetStrings | Unset = UNSET
    nb: WidgetStrings | Unset = UNSET
    nd: WidgetStrings | Unset = UNSET
    ne: WidgetStrings | Unset = UNSET
    ng: WidgetStrings | Unset = UNSET
    nl: WidgetStrings | Unset = UNSET
    nn: WidgetStrings | Unset = UNSET
    no: WidgetStrings | Unset = UNSET
    nr: WidgetStrings | Unset = UNSET
    nv: WidgetStrings | Unset = UNSET
    ny: WidgetStrings | Unset = UNSET
    oc: WidgetStrings | Unset = UNSET
    oj: WidgetStrings | Unset = UNSET
    om: WidgetStrings | Unset = UNSET
    or_: WidgetStrings | Unset = UNSET
    os: WidgetStrings | Unset = UNSET
    pa: WidgetStrings | Unset = UNSET
    pi: WidgetStrings | Unset = UNSET
    pl: WidgetStrings | Unset = UNSET
    ps: WidgetStrings | Unset = UNSET
    pt: WidgetStrings | Unset = UNSET
    qu: WidgetStrings | Unset = UNSET
    rm: WidgetStrings | Unset = UNSET
    rn: WidgetStrings | Unset = UNSET
    ro: WidgetStrings | Unset = UNSET
    ru: WidgetStrings | Unset = UNSET
    rw: WidgetStrings | Unset = UNSET
    sa: WidgetStrings | Unset = UNSET
    sc: WidgetStrings | Unset = UNSET
    sd: WidgetStrings | Unset = UNSET
    se: WidgetStrings | Unset = UNSET
    sg: WidgetStrings | Unset = UNSET
    si: WidgetStrings | Unset = UNSET
    sk: WidgetStrings | Unset = UNSET
    sl: WidgetStrings | Unset = UNSET
    sm: WidgetStrings | Unset = UNSET
    sn: WidgetStrings | Unset = UNSET
    so: WidgetStrings | Unset = UNSET
    sq: WidgetStrings | Unset = UNSET
    sr: WidgetStrings | Unset = UNSET
    ss: WidgetStrings | Unset = UNSET
    st: WidgetStrings | Unset = UNSET
    su: WidgetStrings | Unset = UNSET
    sv: WidgetStrings | Unset = UNSET
    sw: WidgetStrings | Unset = UNSET
    ta: WidgetStrings | Unset = UNSET
    te: WidgetStrings | Unset = UNSET
    tg: WidgetStrings | Unset = UNSET
    th: WidgetStrings | Unset = UNSET
    ti: WidgetStrings | Unset = UNSET
    tk: WidgetStrings | Unset = UNSET
    tl: WidgetStrings | Unset = UNSET
    tn: WidgetStrings | Unset = UNSET
    to: WidgetStrings | Unset = UNSET
    tr: WidgetStrings | Unset = UNSET
    ts: WidgetStrings | Unset = UNSET
    tt: WidgetStrings | Unset = UNSET
    tw: WidgetStrings | Unset = UNSET
    ty: WidgetStrings | Unset = UNSET
    ug: WidgetStrings | Unset = UNSET
    uk: WidgetStrings | Unset = UNSET
    ur: WidgetStrings | Unset = UNSET
    uz: WidgetStrings | Unset = UNSET
    ve: WidgetStrings | Unset = UNSET
    vi: WidgetStrings | Unset = UNSET
    vo: WidgetStrings | Unset = UNSET
    wa: WidgetStrings | Unset = UNSET
    wo: WidgetStrings | Unset = UNSET
    xh: WidgetStrings | Unset = UNSET
    yi: WidgetStrings | Unset = UNSET
    yo: WidgetStrings | Unset = UNSET
    za: WidgetStrings | Unset = UNSET
    zh: WidgetStrings | Unset = UNSET
    zu: WidgetStrings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        aa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.aa, Unset):
            aa = self.aa.to_dict()

        ab: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ab, Unset):
            ab = self.ab.to_dict()

        ae: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ae, Unset):
            ae = self.ae.to_dict()

        af: dict[str, Any] | Unset = UNSET
        if not isinstance(self.af, Unset):
            af = self.af.to_dict()

        ak: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ak, Unset):
            ak = self.ak.to_dict()

        am: dict[str, Any] | Unset = UNSET
        if not isinstance(self.am, Unset):
            am = self.am.to_dict()

        an: dict[str, Any] | Unset = UNSET
        if not isinstance(self.an, Unset):
            an = self.an.to_dict()

        ar: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ar, Unset):
            ar = self.ar.to_dict()

        as_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.as_, Unset):
            as_ = self.as_.to_dict()

        av: dict[str, Any] | Unset = UNSET
        if not isinstance(self.av, Unset):
            av = self.av.to_dict()

        ay: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ay, Unset):
            ay = self.ay.to_dict()

        az: dict[str, Any] | Unset = UNSET
        if not isinstance(self.az, Unset):
            az = self.az.to_dict()

        ba: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ba, Unset):
            ba = self.ba.to_dict()

        be: dict[str, Any] | Unset = UNSET
        if not isinstance(self.be, Unset):
            be = self.be.to_dict()

        bg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bg, Unset):
            bg = self.bg.to_dict()

        bi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bi, Unset):
            bi = self.bi.to_dict()

        bm: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bm, Unset):
            bm = self.bm.to_dict()

        bn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bn, Unset):
            bn = self.bn.to_dict()

        bo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bo, Unset):
            bo = self.bo.to_dict()

        br: dict[str, Any] | Unset = UNSET
        if not isinstance(self.br, Unset):
            br = self.br.to_dict()

        bs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bs, Unset):
            bs = self.bs.to_dict()

        ca: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ca, Unset):
            ca = self.ca.to_dict()

        ce: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ce, Unset):
            ce = self.ce.to_dict()

        ch: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ch, Unset):
            ch = self.ch.to_dict()

        co: dict[str, Any] | Unset = UNSET
        if not isinstance(self.co, Unset):
            co = self.co.to_dict()

        cr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cr, Unset):
            cr = self.cr.to_dict()

        cs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cs, Unset):
            cs = self.cs.to_dict()

        cu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cu, Unset):
            cu = self.cu.to_dict()

        cv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cv, Unset):
            cv = self.cv.to_dict()

        cy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cy, Unset):
            cy = self.cy.to_dict()

        da: dict[str, Any] | Unset = UNSET
        if not isinstance(self.da, Unset):
            da = self.da.to_dict()

        de: dict[str, Any] | Unset = UNSET
        if not isinstance(self.de, Unset):
            de = self.de.to_dict()

        dv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.dv, Unset):
            dv = self.dv.to_dict()

        dz: dict[str, Any] | Unset = UNSET
        if not isinstance(self.dz, Unset):
            dz = self.dz.to_dict()

        ee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ee, Unset):
            ee = self.ee.to_dict()

        el: dict[str, Any] | Unset = UNSET
        if not isinstance(self.el, Unset):
            el = self.el.to_dict()

        en: dict[str, Any] | Unset = UNSET
        if not isinstance(self.en, Unset):
            en = self.en.to_dict()

        eo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.eo, Unset):
            eo = self.eo.to_dict()

        es: dict[str, Any] | Unset = UNSET
        if not isinstance(self.es, Unset):
            es = self.es.to_dict()

        et: dict[str, Any] | Unset = UNSET
        if not isinstance(self.et, Unset):
            et = self.et.to_dict()

        eu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.eu, Unset):
            eu = self.eu.to_dict()

        fa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fa, Unset):
            fa = self.fa.to_dict()

        ff: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ff, Unset):
            ff = self.ff.to_dict()

        fi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fi, Unset):
            fi = self.fi.to_dict()

        fj: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fj, Unset):
            fj = self.fj.to_dict()

        fo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fo, Unset):
            fo = self.fo.to_dict()

        fr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fr, Unset):
            fr = self.fr.to_dict()

        fy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fy, Unset):
            fy = self.fy.to_dict()

        ga: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ga, Unset):
            ga = self.ga.to_dict()

        gd: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gd, Unset):
            gd = self.gd.to_dict()

        gl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gl, Unset):
            gl = self.gl.to_dict()

        gn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gn, Unset):
            gn = self.gn.to_dict()

        gu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gu, Unset):
            gu = self.gu.to_dict()

        gv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.gv, Unset):
            gv = self.gv.to_dict()

        ha: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ha, Unset):
            ha = self.ha.to_dict()

        he: dict[str, Any] | Unset = UNSET
        if not isinstance(self.he, Unset):
            he = self.he.to_dict()

        hi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hi, Unset):
            hi = self.hi.to_dict()

        ho: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ho, Unset):
            ho = self.ho.to_dict()

        hr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hr, Unset):
            hr = self.hr.to_dict()

        ht: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ht, Unset):
            ht = self.ht.to_dict()

        hu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hu, Unset):
            hu = self.hu.to_dict()

        hy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hy, Unset):
            hy = self.hy.to_dict()

        hz: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hz, Unset):
            hz = self.hz.to_dict()

        ia: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ia, Unset):
            ia = self.ia.to_dict()

        id: dict[str, Any] | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = self.id.to_dict()

        ie: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ie, Unset):
            ie = self.ie.to_dict()

        ig: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ig, Unset):
            ig = self.ig.to_dict()

        ii: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ii, Unset):
            ii = self.ii.to_dict()

        ik: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ik, Unset):
            ik = self.ik.to_dict()

        io: dict[str, Any] | Unset = UNSET
        if not isinstance(self.io, Unset):
            io = self.io.to_dict()

        is_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.is_, Unset):
            is_ = self.is_.to_dict()

        it: dict[str, Any] | Unset = UNSET
        if not isinstance(self.it, Unset):
            it = self.it.to_dict()

        iu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.iu, Unset):
            iu = self.iu.to_dict()

        ja: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ja, Unset):
            ja = self.ja.to_dict()

        jv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.jv, Unset):
            jv = self.jv.to_dict()

        ka: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ka, Unset):
            ka = self.ka.to_dict()

        kg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kg, Unset):
            kg = self.kg.to_dict()

        ki: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ki, Unset):
            ki = self.ki.to_dict()

        kj: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kj, Unset):
            kj = self.kj.to_dict()

        kk: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kk, Unset):
            kk = self.kk.to_dict()

        kl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kl, Unset):
            kl = self.kl.to_dict()

        km: dict[str, Any] | Unset = UNSET
        if not isinstance(self.km, Unset):
            km = self.km.to_dict()

        kn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kn, Unset):
            kn = self.kn.to_dict()

        ko: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ko, Unset):
            ko = self.ko.to_dict()

        kr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kr, Unset):
            kr = self.kr.to_dict()

        ks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ks, Unset):
            ks = self.ks.to_dict()

        ku: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ku, Unset):
            ku = self.ku.to_dict()

        kv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kv, Unset):
            kv = self.kv.to_dict()

        kw: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kw, Unset):
            kw = self.kw.to_dict()

        ky: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ky, Unset):
            ky = self.ky.to_dict()

        la: dict[str, Any] | Unset = UNSET
        if not isinstance(self.la, Unset):
            la = self.la.to_dict()

        lb: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lb, Unset):
            lb = self.lb.to_dict()

        lg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lg, Unset):
            lg = self.lg.to_dict()

        li: dict[str, Any] | Unset = UNSET
        if not isinstance(self.li, Unset):
            li = self.li.to_dict()

        ln: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ln, Unset):
            ln = self.ln.to_dict()

        lo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lo, Unset):
            lo = self.lo.to_dict()

        lt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lt, Unset):
            lt = self.lt.to_dict()

        lu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lu, Unset):
            lu = self.lu.to_dict()

        lv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lv, Unset):
            lv = self.lv.to_dict()

        mg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mg, Unset):
            mg = self.mg.to_dict()

        mh: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mh, Unset):
            mh = self.mh.to_dict()

        mi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mi, Unset):
            mi = self.mi.to_dict()

        mk: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mk, Unset):
            mk = self.mk.to_dict()

        ml: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ml, Unset):
            ml = self.ml.to_dict()

        mn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mn, Unset):
            mn = self.mn.to_dict()

        mr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mr, Unset):
            mr = self.mr.to_dict()

        ms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ms, Unset):
            ms = self.ms.to_dict()

        mt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mt, Unset):
            mt = self.mt.to_dict()

        my: dict[str, Any] | Unset = UNSET
        if not isinstance(self.my, Unset):
            my = self.my.to_dict()

        na: dict[str, Any] | Unset = UNSET
        if not isinstance(self.na, Unset):
            na = self.na.to_dict()

        nb: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nb, Unset):
            nb = self.nb.to_dict()

        nd: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nd, Unset):
            nd = self.nd.to_dict()

        ne: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ne, Unset):
            ne = self.ne.to_dict()

        ng: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ng, Unset):
            ng = self.ng.to_dict()

        nl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nl, Unset):
            nl = self.nl.to_dict()

        nn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nn, Unset):
            nn = self.nn.to_dict()

        no: dict[str, Any] | Unset = UNSET
        if not isinstance(self.no, Unset):
            no = self.no.to_dict()

        nr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nr, Unset):
            nr = self.nr.to_dict()

        nv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nv, Unset):
            nv = self.nv.to_dict()

        ny: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ny, Unset):
            ny = self.ny.to_dict()

        oc: dict[str, Any] | Unset = UNSET
        if not isinstance(self.oc, Unset):
            oc = self.oc.to_dict()

        oj: dict[str, Any] | Unset = UNSET
        if not isinstance(self.oj, Unset):
            oj = self.oj.to_dict()

        om: dict[str, Any] | Unset = UNSET
        if not isinstance(self.om, Unset):
            om = self.om.to_dict()

        or_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.or_, Unset):
            or_ = self.or_.to_dict()

        os: dict[str, Any] | Unset = UNSET
        if not isinstance(self.os, Unset):
            os = self.os.to_dict()

        pa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pa, Unset):
            pa = self.pa.to_dict()

        pi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pi, Unset):
            pi = self.pi.to_dict()

        pl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pl, Unset):
            pl = self.pl.to_dict()

        ps: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ps, Unset):
            ps = self.ps.to_dict()

        pt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pt, Unset):
            pt = self.pt.to_dict()

        qu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.qu, Unset):
            qu = self.qu.to_dict()

        rm: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rm, Unset):
            rm = self.rm.to_dict()

        rn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rn, Unset):
            rn = self.rn.to_dict()

        ro: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ro, Unset):
            ro = self.ro.to_dict()

        ru: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ru, Unset):
            ru = self.ru.to_dict()

        rw: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rw, Unset):
            rw = self.rw.to_dict()

        sa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sa, Unset):
            sa = self.sa.to_dict()

        sc: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sc, Unset):
            sc = self.sc.to_dict()

        sd: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sd, Unset):
            sd = self.sd.to_dict()

        se: dict[str, Any] | Unset = UNSET
        if not isinstance(self.se, Unset):
            se = self.se.to_dict()

        sg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sg, Unset):
            sg = self.sg.to_dict()

        si: dict[str, Any] | Unset = UNSET
        if not isinstance(self.si, Unset):
            si = self.si.to_dict()

        sk: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sk, Unset):
            sk = self.sk.to_dict()

        sl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sl, Unset):
            sl = self.sl.to_dict()

        sm: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sm, Unset):
            sm = self.sm.to_dict()

        sn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sn, Unset):
            sn = self.sn.to_dict()

        so: dict[str, Any] | Unset = UNSET
        if not isinstance(self.so, Unset):
            so = self.so.to_dict()

        sq: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sq, Unset):
            sq = self.sq.to_dict()

        sr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sr, Unset):
            sr = self.sr.to_dict()

        ss: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ss, Unset):
            ss = self.ss.to_dict()

        st: dict[str, Any] | Unset = UNSET
        if not isinstance(self.st, Unset):
            st = self.st.to_dict()

        su: dict[str, Any] | Unset = UNSET
        if not isinstance(self.su, Unset):
            su = self.su.to_dict()

        sv: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sv, Unset):
            sv = self.sv.to_dict()

        sw: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sw, Unset):
            sw = self.sw.to_dict()

        ta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ta, Unset):
            ta = self.ta.to_dict()

        te: dict[str, Any] | Unset = UNSET
        if not isinstance(self.te, Unset):
            te = self.te.to_dict()

        tg: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tg, Unset):
            tg = self.tg.to_dict()

        th: dict[str, Any] | Unset = UNSET
        if not isinstance(self.th, Unset):
            th = self.th.to_dict()

        ti: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ti, Unset):
            ti = self.ti.to_dict()

        tk: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tk, Unset):
            tk = self.tk.to_dict()

        tl: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tl, Unset):
            tl = self.tl.to_dict()

        tn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tn, Unset):
            tn = self.tn.to_dict()

        to: dict[str, Any] | Unset = UNSET
        if not isinstance(self.to, Unset):
            to = self.to.to_dict()

        tr: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tr, Unset):
            tr = self.tr.to_dict()

        ts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ts, Unset):
            ts = self.ts.to_dict()

        tt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tt, Unset):
            tt = self.tt.to_dict()

        tw: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tw, Unset):
            tw = self.tw.to_dict()

        ty: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ty, Unset):
            ty = self.ty.to_dict()

        ug: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ug, Unset):
            ug = self.ug.to_dict()

        uk: dict[str, Any] | Unset = UNSET
        if not isinstance(self.uk, Unset):
            uk = self.uk.to_dict()

        ur: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ur, Unset):
            ur = self.ur.to_dict()

        uz: dict[str, Any] | Unset = UNSET
        if not isinstance(self.uz, Unset):
            uz = self.uz.to_dict()

        ve: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ve, Unset):
            ve = self.ve.to_dict()

        vi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.vi, Unset):
            vi = self.vi.to_dict()

        vo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.vo, Unset):
            vo = self.vo.to_dict()

        wa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wa, Unset):
            wa = self.wa.to_dict()

        wo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wo, Unset):
            wo = self.wo.to_dict()

        xh: dict[str, Any] | Unset = UNSET
        if not isinstance(self.xh, Unset):
            xh = self.xh.to_dict()

        yi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.yi, Unset):
            yi = self.yi.to_dict()

        yo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.yo, Unset):
            yo = self.yo.to_dict()

        za: dict[str, Any] | Unset = UNSET
        if not isinstance(self.za, Unset):
            za = self.za.to_dict()

        zh: dict[str, Any] | Unset = UNSET
        if not isinstance(self.zh, Unset):
            zh = self.zh.to_dict()

        zu: dict[str, Any] | Unset = UNSET
        if not isinstance(self.zu, Unset):
            zu = self.zu.to_dict()

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
        from ..models.widget_strings import WidgetStrings

        d = dict(src_dict)
        _aa = d.pop("aa", UNSET)
        aa: WidgetStrings | Unset
        if isinstance(_aa, Unset):
            aa = UNSET
        else:
            aa = WidgetStrings.from_dict(_aa)

        _ab = d.pop("ab", UNSET)
        ab: WidgetStrings | Unset
        if isinstance(_ab, Unset):
            ab = UNSET
        else:
            ab = WidgetStrings.from_dict(_ab)

        _ae = d.pop("ae", UNSET)
        ae: WidgetStrings | Unset
        if isinstance(_ae, Unset):
            ae = UNSET
        else:
            ae = WidgetStrings.from_dict(_ae)

        _af = d.pop("af", UNSET)
        af: WidgetStrings | Unset
        if isinstance(_af, Unset):
            af = UNSET
        else:
            af = WidgetStrings.from_dict(_af)

        _ak = d.pop("ak", UNSET)
        ak: WidgetStrings | Unset
        if isinstance(_ak, Unset):
            ak = UNSET
        else:
            ak = WidgetStrings.from_dict(_ak)

        _am = d.pop("am", UNSET)
        am: WidgetStrings | Unset
        if isinstance(_am, Unset):
            am = UNSET
        else:
            am = WidgetStrings.from_dict(_am)

        _an = d.pop("an", UNSET)
        an: WidgetStrings | Unset
        if isinstance(_an, Unset):
            an = UNSET
        else:
            an = WidgetStrings.from_dict(_an)

        _ar = d.pop("ar", UNSET)
        ar: WidgetStrings | Unset
        if isinstance(_ar, Unset):
            ar = UNSET
        else:
            ar = WidgetStrings.from_dict(_ar)

        _as_ = d.pop("as", UNSET)
        as_: WidgetStrings | Unset
        if isinstance(_as_, Unset):
            as_ = UNSET
        else:
            as_ = WidgetStrings.from_dict(_as_)

        _av = d.pop("av", UNSET)
        av: WidgetStrings | Unset
        if isinstance(_av, Unset):
            av = UNSET
        else:
            av = WidgetStrings.from_dict(_av)

        _ay = d.pop("ay", UNSET)
        ay: WidgetStrings | Unset
        if isinstance(_ay, Unset):
            ay = UNSET
        else:
            ay = WidgetStrings.from_dict(_ay)

        _az = d.pop("az", UNSET)
        az: WidgetStrings | Unset
        if isinstance(_az, Unset):
            az = UNSET
        else:
            az = WidgetStrings.from_dict(_az)

        _ba = d.pop("ba", UNSET)
        ba: WidgetStrings | Unset
        if isinstance(_ba, Unset):
            ba = UNSET
        else:
            ba = WidgetStrings.from_dict(_ba)

        _be = d.pop("be", UNSET)
        be: WidgetStrings | Unset
        if isinstance(_be, Unset):
            be = UNSET
        else:
            be = WidgetStrings.from_dict(_be)

        _bg = d.pop("bg", UNSET)
        bg: WidgetStrings | Unset
        if isinstance(_bg, Unset):
            bg = UNSET
        else:
            bg = WidgetStrings.from_dict(_bg)

        _bi = d.pop("bi", UNSET)
        bi: WidgetStrings | Unset
        if isinstance(_bi, Unset):
            bi = UNSET
        else:
            bi = WidgetStrings.from_dict(_bi)

        _bm = d.pop("bm", UNSET)
        bm: WidgetStrings | Unset
        if isinstance(_bm, Unset):
            bm = UNSET
        else:
            bm = WidgetStrings.from_dict(_bm)

        _bn = d.pop("bn", UNSET)
        bn: WidgetStrings | Unset
        if isinstance(_bn, Unset):
            bn = UNSET
        else:
            bn = WidgetStrings.from_dict(_bn)

        _bo = d.pop("bo", UNSET)
        bo: WidgetStrings | Unset
        if isinstance(_bo, Unset):
            bo = UNSET
        else:
            bo = WidgetStrings.from_dict(_bo)

        _br = d.pop("br", UNSET)
        br: WidgetStrings | Unset
        if isinstance(_br, Unset):
            br = UNSET
        else:
            br = WidgetStrings.from_dict(_br)

        _bs = d.pop("bs", UNSET)
        bs: WidgetStrings | Unset
        if isinstance(_bs, Unset):
            bs = UNSET
        else:
            bs = WidgetStrings.from_dict(_bs)

        _ca = d.pop("ca", UNSET)
        ca: WidgetStrings | Unset
        if isinstance(_ca, Unset):
            ca = UNSET
        else:
            ca = WidgetStrings.from_dict(_ca)

        _ce = d.pop("ce", UNSET)
        ce: WidgetStrings | Unset
        if isinstance(_ce, Unset):
            ce = UNSET
        else:
            ce = WidgetStrings.from_dict(_ce)

        _ch = d.pop("ch", UNSET)
        ch: WidgetStrings | Unset
        if isinstance(_ch, Unset):
            ch = UNSET
        else:
            ch = WidgetStrings.from_dict(_ch)

        _co = d.pop("co", UNSET)
        co: WidgetStrings | Unset
        if isinstance(_co, Unset):
            co = UNSET
        else:
            co = WidgetStrings.from_dict(_co)

        _cr = d.pop("cr", UNSET)
        cr: WidgetStrings | Unset
        if isinstance(_cr, Unset):
            cr = UNSET
        else:
            cr = WidgetStrings.from_dict(_cr)

        _cs = d.pop("cs", UNSET)
        cs: WidgetStrings | Unset
        if isinstance(_cs, Unset):
            cs = UNSET
        else:
            cs = WidgetStrings.from_dict(_cs)

        _cu = d.pop("cu", UNSET)
        cu: WidgetStrings | Unset
        if isinstance(_cu, Unset):
            cu = UNSET
        else:
            cu = WidgetStrings.from_dict(_cu)

        _cv = d.pop("cv", UNSET)
        cv: WidgetStrings | Unset
        if isinstance(_cv, Unset):
            cv = UNSET
        else:
            cv = WidgetStrings.from_dict(_cv)

        _cy = d.pop("cy", UNSET)
        cy: WidgetStrings | Unset
        if isinstance(_cy, Unset):
            cy = UNSET
        else:
            cy = WidgetStrings.from_dict(_cy)

        _da = d.pop("da", UNSET)
        da: WidgetStrings | Unset
        if isinstance(_da, Unset):
            da = UNSET
        else:
            da = WidgetStrings.from_dict(_da)

        _de = d.pop("de", UNSET)
        de: WidgetStrings | Unset
        if isinstance(_de, Unset):
            de = UNSET
        else:
            de = WidgetStrings.from_dict(_de)

        _dv = d.pop("dv", UNSET)
        dv: WidgetStrings | Unset
        if isinstance(_dv, Unset):
            dv = UNSET
        else:
            dv = WidgetStrings.from_dict(_dv)

        _dz = d.pop("dz", UNSET)
        dz: WidgetStrings | Unset
        if isinstance(_dz, Unset):
            dz = UNSET
        else:
            dz = WidgetStrings.from_dict(_dz)

        _ee = d.pop("ee", UNSET)
        ee: WidgetStrings | Unset
        if isinstance(_ee, Unset):
            ee = UNSET
        else:
            ee = WidgetStrings.from_dict(_ee)

        _el = d.pop("el", UNSET)
        el: WidgetStrings | Unset
        if isinstance(_el, Unset):
            el = UNSET
        else:
            el = WidgetStrings.from_dict(_el)

        _en = d.pop("en", UNSET)
        en: WidgetStrings | Unset
        if isinstance(_en, Unset):
            en = UNSET
        else:
            en = WidgetStrings.from_dict(_en)

        _eo = d.pop("eo", UNSET)
        eo: WidgetStrings | Unset
        if isinstance(_eo, Unset):
            eo = UNSET
        else:
            eo = WidgetStrings.from_dict(_eo)

        _es = d.pop("es", UNSET)
        es: WidgetStrings | Unset
        if isinstance(_es, Unset):
            es = UNSET
        else:
            es = WidgetStrings.from_dict(_es)

        _et = d.pop("et", UNSET)
        et: WidgetStrings | Unset
        if isinstance(_et, Unset):
            et = UNSET
        else:
            et = WidgetStrings.from_dict(_et)

        _eu = d.pop("eu", UNSET)
        eu: WidgetStrings | Unset
        if isinstance(_eu, Unset):
            eu = UNSET
        else:
            eu = WidgetStrings.from_dict(_eu)

        _fa = d.pop("fa", UNSET)
        fa: WidgetStrings | Unset
        if isinstance(_fa, Unset):
            fa = UNSET
        else:
            fa = WidgetStrings.from_dict(_fa)

        _ff = d.pop("ff", UNSET)
        ff: WidgetStrings | Unset
        if isinstance(_ff, Unset):
            ff = UNSET
        else:
            ff = WidgetStrings.from_dict(_ff)

        _fi = d.pop("fi", UNSET)
        fi: WidgetStrings | Unset
        if isinstance(_fi, Unset):
            fi = UNSET
        else:
            fi = WidgetStrings.from_dict(_fi)

        _fj = d.pop("fj", UNSET)
        fj: WidgetStrings | Unset
        if isinstance(_fj, Unset):
            fj = UNSET
        else:
            fj = WidgetStrings.from_dict(_fj)

        _fo = d.pop("fo", UNSET)
        fo: WidgetStrings | Unset
        if isinstance(_fo, Unset):
            fo = UNSET
        else:
            fo = WidgetStrings.from_dict(_fo)

        _fr = d.pop("fr", UNSET)
        fr: WidgetStrings | Unset
        if isinstance(_fr, Unset):
            fr = UNSET
        else:
            fr = WidgetStrings.from_dict(_fr)

        _fy = d.pop("fy", UNSET)
        fy: WidgetStrings | Unset
        if isinstance(_fy, Unset):
            fy = UNSET
        else:
            fy = WidgetStrings.from_dict(_fy)

        _ga = d.pop("ga", UNSET)
        ga: WidgetStrings | Unset
        if isinstance(_ga, Unset):
            ga = UNSET
        else:
            ga = WidgetStrings.from_dict(_ga)

        _gd = d.pop("gd", UNSET)
        gd: WidgetStrings | Unset
        if isinstance(_gd, Unset):
            gd = UNSET
        else:
            gd = WidgetStrings.from_dict(_gd)

        _gl = d.pop("gl", UNSET)
        gl: WidgetStrings | Unset
        if isinstance(_gl, Unset):
            gl = UNSET
        else:
            gl = WidgetStrings.from_dict(_gl)

        _gn = d.pop("gn", UNSET)
        gn: WidgetStrings | Unset
        if isinstance(_gn, Unset):
            gn = UNSET
        else:
            gn = WidgetStrings.from_dict(_gn)

        _gu = d.pop("gu", UNSET)
        gu: WidgetStrings | Unset
        if isinstance(_gu, Unset):
            gu = UNSET
        else:
            gu = WidgetStrings.from_dict(_gu)

        _gv = d.pop("gv", UNSET)
        gv: WidgetStrings | Unset
        if isinstance(_gv, Unset):
            gv = UNSET
        else:
            gv = WidgetStrings.from_dict(_gv)

        _ha = d.pop("ha", UNSET)
        ha: WidgetStrings | Unset
        if isinstance(_ha, Unset):
            ha = UNSET
        else:
            ha = WidgetStrings.from_dict(_ha)

        _he = d.pop("he", UNSET)
        he: WidgetStrings | Unset
        if isinstance(_he, Unset):
            he = UNSET
        else:
            he = WidgetStrings.from_dict(_he)

        _hi = d.pop("hi", UNSET)
        hi: WidgetStrings | Unset
        if isinstance(_hi, Unset):
            hi = UNSET
        else:
            hi = WidgetStrings.from_dict(_hi)

        _ho = d.pop("ho", UNSET)
        ho: WidgetStrings | Unset
        if isinstance(_ho, Unset):
            ho = UNSET
        else:
            ho = WidgetStrings.from_dict(_ho)

        _hr = d.pop("hr", UNSET)
        hr: WidgetStrings | Unset
        if isinstance(_hr, Unset):
            hr = UNSET
        else:
            hr = WidgetStrings.from_dict(_hr)

        _ht = d.pop("ht", UNSET)
        ht: WidgetStrings | Unset
        if isinstance(_ht, Unset):
            ht = UNSET
        else:
            ht = WidgetStrings.from_dict(_ht)

        _hu = d.pop("hu", UNSET)
        hu: WidgetStrings | Unset
        if isinstance(_hu, Unset):
            hu = UNSET
        else:
            hu = WidgetStrings.from_dict(_hu)

        _hy = d.pop("hy", UNSET)
        hy: WidgetStrings | Unset
        if isinstance(_hy, Unset):
            hy = UNSET
        else:
            hy = WidgetStrings.from_dict(_hy)

        _hz = d.pop("hz", UNSET)
        hz: WidgetStrings | Unset
        if isinstance(_hz, Unset):
            hz = UNSET
        else:
            hz = WidgetStrings.from_dict(_hz)

        _ia = d.pop("ia", UNSET)
        ia: WidgetStrings | Unset
        if isinstance(_ia, Unset):
            ia = UNSET
        else:
            ia = WidgetStrings.from_dict(_ia)

        _id = d.pop("id", UNSET)
        id: WidgetStrings | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = WidgetStrings.from_dict(_id)

        _ie = d.pop("ie", UNSET)
        ie: WidgetStrings | Unset
        if isinstance(_ie, Unset):
            ie = UNSET
        else:
            ie = WidgetStrings.from_dict(_ie)

        _ig = d.pop("ig", UNSET)
        ig: WidgetStrings | Unset
        if isinstance(_ig, Unset):
            ig = UNSET
        else:
            ig = WidgetStrings.from_dict(_ig)

        _ii = d.pop("ii", UNSET)
        ii: WidgetStrings | Unset
        if isinstance(_ii, Unset):
            ii = UNSET
        else:
            ii = WidgetStrings.from_dict(_ii)

        _ik = d.pop("ik", UNSET)
        ik: WidgetStrings | Unset
        if isinstance(_ik, Unset):
            ik = UNSET
        else:
            ik = WidgetStrings.from_dict(_ik)

        _io = d.pop("io", UNSET)
        io: WidgetStrings | Unset
        if isinstance(_io, Unset):
            io = UNSET
        else:
            io = WidgetStrings.from_dict(_io)

        _is_ = d.pop("is", UNSET)
        is_: WidgetStrings | Unset
        if isinstance(_is_, Unset):
            is_ = UNSET
        else:
            is_ = WidgetStrings.from_dict(_is_)

        _it = d.pop("it", UNSET)
        it: WidgetStrings | Unset
        if isinstance(_it, Unset):
            it = UNSET
        else:
            it = WidgetStrings.from_dict(_it)

        _iu = d.pop("iu", UNSET)
        iu: WidgetStrings | Unset
        if isinstance(_iu, Unset):
            iu = UNSET
        else:
            iu = WidgetStrings.from_dict(_iu)

        _ja = d.pop("ja", UNSET)
        ja: WidgetStrings | Unset
        if isinstance(_ja, Unset):
            ja = UNSET
        else:
            ja = WidgetStrings.from_dict(_ja)

        _jv = d.pop("jv", UNSET)
        jv: WidgetStrings | Unset
        if isinstance(_jv, Unset):
            jv = UNSET
        else:
            jv = WidgetStrings.from_dict(_jv)

        _ka = d.pop("ka", UNSET)
        ka: WidgetStrings | Unset
        if isinstance(_ka, Unset):
            ka = UNSET
        else:
            ka = WidgetStrings.from_dict(_ka)

        _kg = d.pop("kg", UNSET)
        kg: WidgetStrings | Unset
        if isinstance(_kg, Unset):
            kg = UNSET
        else:
            kg = WidgetStrings.from_dict(_kg)

        _ki = d.pop("ki", UNSET)
        ki: WidgetStrings | Unset
        if isinstance(_ki, Unset):
            ki = UNSET
        else:
            ki = WidgetStrings.from_dict(_ki)

        _kj = d.pop("kj", UNSET)
        kj: WidgetStrings | Unset
        if isinstance(_kj, Unset):
            kj = UNSET
        else:
            kj = WidgetStrings.from_dict(_kj)

        _kk = d.pop("kk", UNSET)
        kk: WidgetStrings | Unset
        if isinstance(_kk, Unset):
            kk = UNSET
        else:
            kk = WidgetStrings.from_dict(_kk)

        _kl = d.pop("kl", UNSET)
        kl: WidgetStrings | Unset
        if isinstance(_kl, Unset):
            kl = UNSET
        else:
            kl = WidgetStrings.from_dict(_kl)

        _km = d.pop("km", UNSET)
        km: WidgetStrings | Unset
        if isinstance(_km, Unset):
            km = UNSET
        else:
            km = WidgetStrings.from_dict(_km)

        _kn = d.pop("kn", UNSET)
        kn: WidgetStrings | Unset
        if isinstance(_kn, Unset):
            kn = UNSET
        else:
            kn = WidgetStrings.from_dict(_kn)

        _ko = d.pop("ko", UNSET)
        ko: WidgetStrings | Unset
        if isinstance(_ko, Unset):
            ko = UNSET
        else:
            ko = WidgetStrings.from_dict(_ko)

        _kr = d.pop("kr", UNSET)
        kr: WidgetStrings | Unset
        if isinstance(_kr, Unset):
            kr = UNSET
        else:
            kr = WidgetStrings.from_dict(_kr)

        _ks = d.pop("ks", UNSET)
        ks: WidgetStrings | Unset
        if isinstance(_ks, Unset):
            ks = UNSET
        else:
            ks = WidgetStrings.from_dict(_ks)

        _ku = d.pop("ku", UNSET)
        ku: WidgetStrings | Unset
        if isinstance(_ku, Unset):
            ku = UNSET
        else:
            ku = WidgetStrings.from_dict(_ku)

        _kv = d.pop("kv", UNSET)
        kv: WidgetStrings | Unset
        if isinstance(_kv, Unset):
            kv = UNSET
        else:
            kv = WidgetStrings.from_dict(_kv)

        _kw = d.pop("kw", UNSET)
        kw: WidgetStrings | Unset
        if isinstance(_kw, Unset):
            kw = UNSET
        else:
            kw = WidgetStrings.from_dict(_kw)

        _ky = d.pop("ky", UNSET)
        ky: WidgetStrings | Unset
        if isinstance(_ky, Unset):
            ky = UNSET
        else:
            ky = WidgetStrings.from_dict(_ky)

        _la = d.pop("la", UNSET)
        la: WidgetStrings | Unset
        if isinstance(_la, Unset):
            la = UNSET
        else:
            la = WidgetStrings.from_dict(_la)

        _lb = d.pop("lb", UNSET)
        lb: WidgetStrings | Unset
        if isinstance(_lb, Unset):
            lb = UNSET
        else:
            lb = WidgetStrings.from_dict(_lb)

        _lg = d.pop("lg", UNSET)
        lg: WidgetStrings | Unset
        if isinstance(_lg, Unset):
            lg = UNSET
        else:
            lg = WidgetStrings.from_dict(_lg)

        _li = d.pop("li", UNSET)
        li: WidgetStrings | Unset
        if isinstance(_li, Unset):
            li = UNSET
        else:
            li = WidgetStrings.from_dict(_li)

        _ln = d.pop("ln", UNSET)
        ln: WidgetStrings | Unset
        if isinstance(_ln, Unset):
            ln = UNSET
        else:
            ln = WidgetStrings.from_dict(_ln)

        _lo = d.pop("lo", UNSET)
        lo: WidgetStrings | Unset
        if isinstance(_lo, Unset):
            lo = UNSET
        else:
            lo = WidgetStrings.from_dict(_lo)

        _lt = d.pop("lt", UNSET)
        lt: WidgetStrings | Unset
        if isinstance(_lt, Unset):
            lt = UNSET
        else:
            lt = WidgetStrings.from_dict(_lt)

        _lu = d.pop("lu", UNSET)
        lu: WidgetStrings | Unset
        if isinstance(_lu, Unset):
            lu = UNSET
        else:
            lu = WidgetStrings.from_dict(_lu)

        _lv = d.pop("lv", UNSET)
        lv: WidgetStrings | Unset
        if isinstance(_lv, Unset):
            lv = UNSET
        else:
            lv = WidgetStrings.from_dict(_lv)

        _mg = d.pop("mg", UNSET)
        mg: WidgetStrings | Unset
        if isinstance(_mg, Unset):
            mg = UNSET
        else:
            mg = WidgetStrings.from_dict(_mg)

        _mh = d.pop("mh", UNSET)
        mh: WidgetStrings | Unset
        if isinstance(_mh, Unset):
            mh = UNSET
        else:
            mh = WidgetStrings.from_dict(_mh)

        _mi = d.pop("mi", UNSET)
        mi: WidgetStrings | Unset
        if isinstance(_mi, Unset):
            mi = UNSET
        else:
            mi = WidgetStrings.from_dict(_mi)

        _mk = d.pop("mk", UNSET)
        mk: WidgetStrings | Unset
        if isinstance(_mk, Unset):
            mk = UNSET
        else:
            mk = WidgetStrings.from_dict(_mk)

        _ml = d.pop("ml", UNSET)
        ml: WidgetStrings | Unset
        if isinstance(_ml, Unset):
            ml = UNSET
        else:
            ml = WidgetStrings.from_dict(_ml)

        _mn = d.pop("mn", UNSET)
        mn: WidgetStrings | Unset
        if isinstance(_mn, Unset):
            mn = UNSET
        else:
            mn = WidgetStrings.from_dict(_mn)

        _mr = d.pop("mr", UNSET)
        mr: WidgetStrings | Unset
        if isinstance(_mr, Unset):
            mr = UNSET
        else:
            mr = WidgetStrings.from_dict(_mr)

        _ms = d.pop("ms", UNSET)
        ms: WidgetStrings | Unset
        if isinstance(_ms, Unset):
            ms = UNSET
        else:
            ms = WidgetStrings.from_dict(_ms)

        _mt = d.pop("mt", UNSET)
        mt: WidgetStrings | Unset
        if isinstance(_mt, Unset):
            mt = UNSET
        else:
            mt = WidgetStrings.from_dict(_mt)

        _my = d.pop("my", UNSET)
        my: WidgetStrings | Unset
        if isinstance(_my, Unset):
            my = UNSET
        else:
            my = WidgetStrings.from_dict(_my)

        _na = d.pop("na", UNSET)
        na: WidgetStrings | Unset
        if isinstance(_na, Unset):
            na = UNSET
        else:
            na = WidgetStrings.from_dict(_na)

        _nb = d.pop("nb", UNSET)
        nb: WidgetStrings | Unset
        if isinstance(_nb, Unset):
            nb = UNSET
        else:
            nb = WidgetStrings.from_dict(_nb)

        _nd = d.pop("nd", UNSET)
        nd: WidgetStrings | Unset
        if isinstance(_nd, Unset):
            nd = UNSET
        else:
            nd = WidgetStrings.from_dict(_nd)

        _ne = d.pop("ne", UNSET)
        ne: WidgetStrings | Unset
        if isinstance(_ne, Unset):
            ne = UNSET
        else:
            ne = WidgetStrings.from_dict(_ne)

        _ng = d.pop("ng", UNSET)
        ng: WidgetStrings | Unset
        if isinstance(_ng, Unset):
            ng = UNSET
        else:
            ng = WidgetStrings.from_dict(_ng)

        _nl = d.pop("nl", UNSET)
        nl: WidgetStrings | Unset
        if isinstance(_nl, Unset):
            nl = UNSET
        else:
            nl = WidgetStrings.from_dict(_nl)

        _nn = d.pop("nn", UNSET)
        nn: WidgetStrings | Unset
        if isinstance(_nn, Unset):
            nn = UNSET
        else:
            nn = WidgetStrings.from_dict(_nn)

        _no = d.pop("no", UNSET)
        no: WidgetStrings | Unset
        if isinstance(_no, Unset):
            no = UNSET
        else:
            no = WidgetStrings.from_dict(_no)

        _nr = d.pop("nr", UNSET)
        nr: WidgetStrings | Unset
        if isinstance(_nr, Unset):
            nr = UNSET
        else:
            nr = WidgetStrings.from_dict(_nr)

        _nv = d.pop("nv", UNSET)
        nv: WidgetStrings | Unset
        if isinstance(_nv, Unset):
            nv = UNSET
        else:
            nv = WidgetStrings.from_dict(_nv)

        _ny = d.pop("ny", UNSET)
        ny: WidgetStrings | Unset
        if isinstance(_ny, Unset):
            ny = UNSET
        else:
            ny = WidgetStrings.from_dict(_ny)

        _oc = d.pop("oc", UNSET)
        oc: WidgetStrings | Unset
        if isinstance(_oc, Unset):
            oc = UNSET
        else:
            oc = WidgetStrings.from_dict(_oc)

        _oj = d.pop("oj", UNSET)
        oj: WidgetStrings | Unset
        if isinstance(_oj, Unset):
            oj = UNSET
        else:
            oj = WidgetStrings.from_dict(_oj)

        _om = d.pop("om", UNSET)
        om: WidgetStrings | Unset
        if isinstance(_om, Unset):
            om = UNSET
        else:
            om = WidgetStrings.from_dict(_om)

        _or_ = d.pop("or", UNSET)
        or_: WidgetStrings | Unset
        if isinstance(_or_, Unset):
            or_ = UNSET
        else:
            or_ = WidgetStrings.from_dict(_or_)

        _os = d.pop("os", UNSET)
        os: WidgetStrings | Unset
        if isinstance(_os, Unset):
            os = UNSET
        else:
            os = WidgetStrings.from_dict(_os)

        _pa = d.pop("pa", UNSET)
        pa: WidgetStrings | Unset
        if isinstance(_pa, Unset):
            pa = UNSET
        else:
            pa = WidgetStrings.from_dict(_pa)

        _pi = d.pop("pi", UNSET)
        pi: WidgetStrings | Unset
        if isinstance(_pi, Unset):
            pi = UNSET
        else:
            pi = WidgetStrings.from_dict(_pi)

        _pl = d.pop("pl", UNSET)
        pl: WidgetStrings | Unset
        if isinstance(_pl, Unset):
            pl = UNSET
        else:
            pl = WidgetStrings.from_dict(_pl)

        _ps = d.pop("ps", UNSET)
        ps: WidgetStrings | Unset
        if isinstance(_ps, Unset):
            ps = UNSET
        else:
            ps = WidgetStrings.from_dict(_ps)

        _pt = d.pop("pt", UNSET)
        pt: WidgetStrings | Unset
        if isinstance(_pt, Unset):
            pt = UNSET
        else:
            pt = WidgetStrings.from_dict(_pt)

        _qu = d.pop("qu", UNSET)
        qu: WidgetStrings | Unset
        if isinstance(_qu, Unset):
            qu = UNSET
        else:
            qu = WidgetStrings.from_dict(_qu)

        _rm = d.pop("rm", UNSET)
        rm: WidgetStrings | Unset
        if isinstance(_rm, Unset):
            rm = UNSET
        else:
            rm = WidgetStrings.from_dict(_rm)

        _rn = d.pop("rn", UNSET)
        rn: WidgetStrings | Unset
        if isinstance(_rn, Unset):
            rn = UNSET
        else:
            rn = WidgetStrings.from_dict(_rn)

        _ro = d.pop("ro", UNSET)
        ro: WidgetStrings | Unset
        if isinstance(_ro, Unset):
            ro = UNSET
        else:
            ro = WidgetStrings.from_dict(_ro)

        _ru = d.pop("ru", UNSET)
        ru: WidgetStrings | Unset
        if isinstance(_ru, Unset):
            ru = UNSET
        else:
            ru = WidgetStrings.from_dict(_ru)

        _rw = d.pop("rw", UNSET)
        rw: WidgetStrings | Unset
        if isinstance(_rw, Unset):
            rw = UNSET
        else:
            rw = WidgetStrings.from_dict(_rw)

        _sa = d.pop("sa", UNSET)
        sa: WidgetStrings | Unset
        if isinstance(_sa, Unset):
            sa = UNSET
        else:
            sa = WidgetStrings.from_dict(_sa)

        _sc = d.pop("sc", UNSET)
        sc: WidgetStrings | Unset
        if isinstance(_sc, Unset):
            sc = UNSET
        else:
            sc = WidgetStrings.from_dict(_sc)

        _sd = d.pop("sd", UNSET)
        sd: WidgetStrings | Unset
        if isinstance(_sd, Unset):
            sd = UNSET
        else:
            sd = WidgetStrings.from_dict(_sd)

        _se = d.pop("se", UNSET)
        se: WidgetStrings | Unset
        if isinstance(_se, Unset):
            se = UNSET
        else:
            se = WidgetStrings.from_dict(_se)

        _sg = d.pop("sg", UNSET)
        sg: WidgetStrings | Unset
        if isinstance(_sg, Unset):
            sg = UNSET
        else:
            sg = WidgetStrings.from_dict(_sg)

        _si = d.pop("si", UNSET)
        si: WidgetStrings | Unset
        if isinstance(_si, Unset):
            si = UNSET
        else:
            si = WidgetStrings.from_dict(_si)

        _sk = d.pop("sk", UNSET)
        sk: WidgetStrings | Unset
        if isinstance(_sk, Unset):
            sk = UNSET
        else:
            sk = WidgetStrings.from_dict(_sk)

        _sl = d.pop("sl", UNSET)
        sl: WidgetStrings | Unset
        if isinstance(_sl, Unset):
            sl = UNSET
        else:
            sl = WidgetStrings.from_dict(_sl)

        _sm = d.pop("sm", UNSET)
        sm: WidgetStrings | Unset
        if isinstance(_sm, Unset):
            sm = UNSET
        else:
            sm = WidgetStrings.from_dict(_sm)

        _sn = d.pop("sn", UNSET)
        sn: WidgetStrings | Unset
        if isinstance(_sn, Unset):
            sn = UNSET
        else:
            sn = WidgetStrings.from_dict(_sn)

        _so = d.pop("so", UNSET)
        so: WidgetStrings | Unset
        if isinstance(_so, Unset):
            so = UNSET
        else:
            so = WidgetStrings.from_dict(_so)

        _sq = d.pop("sq", UNSET)
        sq: WidgetStrings | Unset
        if isinstance(_sq, Unset):
            sq = UNSET
        else:
            sq = WidgetStrings.from_dict(_sq)

        _sr = d.pop("sr", UNSET)
        sr: WidgetStrings | Unset
        if isinstance(_sr, Unset):
            sr = UNSET
        else:
            sr = WidgetStrings.from_dict(_sr)

        _ss = d.pop("ss", UNSET)
        ss: WidgetStrings | Unset
        if isinstance(_ss, Unset):
            ss = UNSET
        else:
            ss = WidgetStrings.from_dict(_ss)

        _st = d.pop("st", UNSET)
        st: WidgetStrings | Unset
        if isinstance(_st, Unset):
            st = UNSET
        else:
            st = WidgetStrings.from_dict(_st)

        _su = d.pop("su", UNSET)
        su: WidgetStrings | Unset
        if isinstance(_su, Unset):
            su = UNSET
        else:
            su = WidgetStrings.from_dict(_su)

        _sv = d.pop("sv", UNSET)
        sv: WidgetStrings | Unset
        if isinstance(_sv, Unset):
            sv = UNSET
        else:
            sv = WidgetStrings.from_dict(_sv)

        _sw = d.pop("sw", UNSET)
        sw: WidgetStrings | Unset
        if isinstance(_sw, Unset):
            sw = UNSET
        else:
            sw = WidgetStrings.from_dict(_sw)

        _ta = d.pop("ta", UNSET)
        ta: WidgetStrings | Unset
        if isinstance(_ta, Unset):
            ta = UNSET
        else:
            ta = WidgetStrings.from_dict(_ta)

        _te = d.pop("te", UNSET)
        te: WidgetStrings | Unset
        if isinstance(_te, Unset):
            te = UNSET
        else:
            te = WidgetStrings.from_dict(_te)

        _tg = d.pop("tg", UNSET)
        tg: WidgetStrings | Unset
        if isinstance(_tg, Unset):
            tg = UNSET
        else:
            tg = WidgetStrings.from_dict(_tg)

        _th = d.pop("th", UNSET)
        th: WidgetStrings | Unset
        if isinstance(_th, Unset):
            th = UNSET
        else:
            th = WidgetStrings.from_dict(_th)

        _ti = d.pop("ti", UNSET)
        ti: WidgetStrings | Unset
        if isinstance(_ti, Unset):
            ti = UNSET
        else:
            ti = WidgetStrings.from_dict(_ti)

        _tk = d.pop("tk", UNSET)
        tk: WidgetStrings | Unset
        if isinstance(_tk, Unset):
            tk = UNSET
        else:
            tk = WidgetStrings.from_dict(_tk)

        _tl = d.pop("tl", UNSET)
        tl: WidgetStrings | Unset
        if isinstance(_tl, Unset):
            tl = UNSET
        else:
            tl = WidgetStrings.from_dict(_tl)

        _tn = d.pop("tn", UNSET)
        tn: WidgetStrings | Unset
        if isinstance(_tn, Unset):
            tn = UNSET
        else:
            tn = WidgetStrings.from_dict(_tn)

        _to = d.pop("to", UNSET)
        to: WidgetStrings | Unset
        if isinstance(_to, Unset):
            to = UNSET
        else:
            to = WidgetStrings.from_dict(_to)

        _tr = d.pop("tr", UNSET)
        tr: WidgetStrings | Unset
        if isinstance(_tr, Unset):
            tr = UNSET
        else:
            tr = WidgetStrings.from_dict(_tr)

        _ts = d.pop("ts", UNSET)
        ts: WidgetStrings | Unset
        if isinstance(_ts, Unset):
            ts = UNSET
        else:
            ts = WidgetStrings.from_dict(_ts)

        _tt = d.pop("tt", UNSET)
        tt: WidgetStrings | Unset
        if isinstance(_tt, Unset):
            tt = UNSET
        else:
            tt = WidgetStrings.from_dict(_tt)

        _tw = d.pop("tw", UNSET)
        tw: WidgetStrings | Unset
        if isinstance(_tw, Unset):
            tw = UNSET
        else:
            tw = WidgetStrings.from_dict(_tw)

        _ty = d.pop("ty", UNSET)
        ty: WidgetStrings | Unset
        if isinstance(_ty, Unset):
            ty = UNSET
        else:
            ty = WidgetStrings.from_dict(_ty)

        _ug = d.pop("ug", UNSET)
        ug: WidgetStrings | Unset
        if isinstance(_ug, Unset):
            ug = UNSET
        else:
            ug = WidgetStrings.from_dict(_ug)

        _uk = d.pop("uk", UNSET)
        uk: WidgetStrings | Unset
        if isinstance(_uk, Unset):
            uk = UNSET
        else:
            uk = WidgetStrings.from_dict(_uk)

        _ur = d.pop("ur", UNSET)
        ur: WidgetStrings | Unset
        if isinstance(_ur, Unset):
            ur = UNSET
        else:
            ur = WidgetStrings.from_dict(_ur)

        _uz = d.pop("uz", UNSET)
        uz: WidgetStrings | Unset
        if isinstance(_uz, Unset):
            uz = UNSET
        else:
            uz = WidgetStrings.from_dict(_uz)

        _ve = d.pop("ve", UNSET)
        ve: WidgetStrings | Unset
        if isinstance(_ve, Unset):
            ve = UNSET
        else:
            ve = WidgetStrings.from_dict(_ve)

        _vi = d.pop("vi", UNSET)
        vi: WidgetStrings | Unset
        if isinstance(_vi, Unset):
            vi = UNSET
        else:
            vi = WidgetStrings.from_dict(_vi)

        _vo = d.pop("vo", UNSET)
        vo: WidgetStrings | Unset
        if isinstance(_vo, Unset):
            vo = UNSET
        else:
            vo = WidgetStrings.from_dict(_vo)

        _wa = d.pop("wa", UNSET)
        wa: WidgetStrings | Unset
        if isinstance(_wa, Unset):
            wa = UNSET
        else:
            wa = WidgetStrings.from_dict(_wa)

        _wo = d.pop("wo", UNSET)
        wo: WidgetStrings | Unset
        if isinstance(_wo, Unset):
            wo = UNSET
        else:
            wo = WidgetStrings.from_dict(_wo)

        _xh = d.pop("xh", UNSET)
        xh: WidgetStrings | Unset
        if isinstance(_xh, Unset):
            xh = UNSET
        else:
            xh = WidgetStrings.from_dict(_xh)

        _yi = d.pop("yi", UNSET)
        yi: WidgetStrings | Unset
        if isinstance(_yi, Unset):
            yi = UNSET
        else:
            yi = WidgetStrings.from_dict(_yi)

        _yo = d.pop("yo", UNSET)
        yo: WidgetStrings | Unset
        if isinstance(_yo, Unset):
            yo = UNSET
        else:
            yo = WidgetStrings.from_dict(_yo)

        _za = d.pop("za", UNSET)
        za: WidgetStrings | Unset
        if isinstance(_za, Unset):
            za = UNSET
        else:
            za = WidgetStrings.from_dict(_za)

        _zh = d.pop("zh", UNSET)
        zh: WidgetStrings | Unset
        if isinstance(_zh, Unset):
            zh = UNSET
        else:
            zh = WidgetStrings.from_dict(_zh)

        _zu = d.pop("zu", UNSET)
        zu: WidgetStrings | Unset
        if isinstance(_zu, Unset):
            zu = UNSET
        else:
            zu = WidgetStrings.from_dict(_zu)

        widget_settings_input_translations = cls(
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

        return widget_settings_input_translations
