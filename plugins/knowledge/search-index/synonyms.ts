// Small per-language tables of words that mean the same in the questions a chatbot gets (shops,
// services, software support). Only groups whose words are interchangeable in those questions
// belong here: a question's word also matches the other words of its group, at a discount.
// Single words, written as people type them; they are analysed (stemmed, folded) like any text.
import { analyzerFor } from '../../../core/index.js';

const GROUPS: Record<string, string[][]> = {
  en: [
    ['delivery', 'shipping', 'shipment', 'dispatch'],
    ['time', 'long', 'duration'],
    ['deliver', 'ship', 'send'],
    ['parcel', 'package'],
    ['cost', 'price', 'fee', 'charge'],
    ['refund', 'reimbursement'],
    ['return'],
    ['cancel', 'cancellation'],
    ['buy', 'purchase', 'order'],
    ['login', 'signin'],
    ['signup', 'register', 'registration'],
    ['email', 'e-mail', 'mail'],
    ['phone', 'telephone', 'call'],
    ['contact', 'reach'],
    ['support', 'help', 'helpdesk', 'service'],
    ['broken', 'defective', 'faulty', 'damaged'],
    ['warranty', 'guarantee'],
    ['open', 'opening'],
    ['shop', 'store'],
    ['pay', 'payment'],
    ['discount', 'coupon', 'voucher', 'promo'],
    ['track', 'tracking'],
    ['account', 'profile'],
    ['abroad', 'international', 'internationally', 'overseas'],
    ['size', 'sizing', 'fit'],
  ],
  de: [
    ['lieferung', 'versand', 'zustellung'],
    ['dauer', 'dauern', 'lange', 'zeit'],
    ['liefern', 'versenden', 'verschicken', 'zustellen', 'schicken'],
    ['paket', 'päckchen', 'sendung'],
    ['kosten', 'preis', 'gebühr', 'gebühren'],
    ['erstattung', 'rückerstattung'],
    ['rückgabe', 'rücksendung', 'retoure', 'umtausch'],
    ['zurückschicken', 'zurücksenden', 'zurückgeben'],
    ['stornieren', 'storno', 'stornierung', 'abbestellen'],
    ['kaufen', 'bestellen', 'bestellung'],
    ['anmelden', 'einloggen', 'login', 'anmeldung'],
    ['registrieren', 'registrierung'],
    ['email', 'e-mail', 'mail'],
    ['telefon', 'anrufen'],
    ['kontakt', 'erreichen', 'kontaktieren'],
    ['kundenservice', 'kundendienst', 'support', 'hilfe'],
    ['kaputt', 'defekt', 'beschädigt'],
    ['garantie', 'gewährleistung'],
    ['geschäft', 'laden', 'filiale'],
    ['bezahlen', 'zahlen', 'zahlung'],
    ['rabatt', 'gutschein', 'rabattcode', 'gutscheincode'],
    ['ausland', 'international'],
    ['größe', 'größen', 'passform'],
  ],
  fr: [
    ['livraison', 'expédition', 'envoi'],
    ['temps', 'délai', 'durée'],
    ['livrer', 'expédier', 'envoyer'],
    ['colis', 'paquet'],
    ['coût', 'prix', 'frais', 'tarif'],
    ['remboursement', 'rembourser'],
    ['retour', 'renvoyer', 'retourner'],
    ['annuler', 'annulation'],
    ['acheter', 'commander', 'commande', 'achat'],
    ['connecter', 'connexion', 'login'],
    ['inscrire', 'inscription', 'enregistrer'],
    ['email', 'e-mail', 'courriel', 'mail'],
    ['téléphone', 'appeler'],
    ['contacter', 'joindre', 'contact'],
    ['support', 'aide', 'assistance', 'sav'],
    ['cassé', 'défectueux', 'endommagé', 'abîmé'],
    ['garantie', 'garanti'],
    ['magasin', 'boutique'],
    ['payer', 'paiement', 'régler'],
    ['réduction', 'promo', 'coupon', 'bon'],
    ['étranger', 'international', 'internationale'],
    ['taille', 'tailles', 'pointure'],
  ],
  ro: [
    ['livrare', 'livrarea', 'expediere', 'transport'],
    ['timp', 'durată', 'durează'],
    ['livra', 'expedia', 'trimite'],
    ['colet', 'pachet', 'coletul', 'pachetul'],
    ['cost', 'preț', 'taxă', 'tarif'],
    ['rambursare'],
    ['retur', 'returnare', 'returna'],
    ['anula', 'anulare'],
    ['cumpăra', 'comanda', 'comandă', 'achiziție'],
    ['autentificare', 'conectare', 'login', 'logare'],
    ['înregistrare', 'înscriere'],
    ['email', 'e-mail', 'mail'],
    ['telefon', 'suna'],
    ['contact', 'contacta'],
    ['suport', 'ajutor', 'asistență'],
    ['defect', 'stricat', 'deteriorat'],
    ['garanție', 'garanția'],
    ['magazin', 'magazinul'],
    ['plăti', 'plată', 'achita'],
    ['reducere', 'cupon', 'voucher'],
    ['străinătate', 'internațional'],
    ['mărime', 'mărimea', 'măsură'],
  ],
};

const tables = new Map<string, Map<string, string[]>>();

/** The analysed terms that mean the same as `term` in the language (empty when none). */
export function synonymsOf(language: string, term: string): string[] {
  return tableFor(language).get(term) ?? [];
}

function tableFor(language: string): Map<string, string[]> {
  let table = tables.get(language);
  if (table) return table;
  table = new Map();
  const analyzer = analyzerFor(language);
  for (const group of GROUPS[language] ?? []) {
    const terms = [...new Set(group.flatMap((word) => analyzer.terms(word)).filter((term) => term.length > 1))];
    for (const term of terms) {
      const others = terms.filter((other) => other !== term);
      table.set(term, [...new Set([...(table.get(term) ?? []), ...others])]);
    }
  }
  tables.set(language, table);
  return table;
}
