#!/usr/bin/env python3
"""Re-derives the retirement worked examples from the rule files, outside the library.

For every rules/<id>/tests/pensioenuitgaven/*.json it computes each post of the method in
docs/methods/pensioenuitgaven.md from the set's parameters and tables alone (no budgetnorm code),
compares the rounded Basis and Voorbeeld with the example's expected figures, and with --write
rewrites the example's derivation lines. Exit status 1 when a figure differs.

    python3 scripts/rederive-retirement-examples.py [--write] [rules/nl-2025 rules/nl-2026]
"""
import json
import sys
from decimal import ROUND_HALF_UP, Decimal as D, getcontext
from pathlib import Path

getcontext().prec = 40
ROOT = Path(__file__).resolve().parent.parent

GENDER = {'Man': 'male', 'Vrouw': 'female', None: 'unknown'}
DWELLING = {'Appartement': 'apartment', 'Tussenwoning': 'terraced', 'Hoekwoning': 'corner', 'Vrijstaand': 'detached'}
TENURE = {'Huurwoning': 'rent', 'Koopwoning': 'own'}
WOZ_CATEGORY = {'WozKleinerDan150K': 'below150k', 'WozVan150KTot300K': 'from150kTo300k',
                'WozVan300KTot450K': 'from300kTo450k', 'WozGroterDan450K': 'from450k'}
CAR_CLASS = {'Klein': 'small', 'Compact': 'compact', 'CompactMiddenklasse': 'compactMidsize', 'Middenklasse': 'midsize'}
CAR_STATUS = {'Nieuw': 'new', 'Tweedehands': 'used'}
MILEAGE = {'Minderdan10K': 'under10k', 'Tussen10Ken20K': 'from10kTo20k', 'Meerdan20K': 'over20k', None: 'unknown'}


def decoder(names):
    # The contract accepts a member by name (any case) or by its code, the member's position.
    table = {None: names.get(None, None)}
    for code, (name, value) in enumerate((k, v) for k, v in names.items() if k is not None):
        table[code] = table[name.lower()] = value
    return lambda given: table[given.lower() if isinstance(given, str) else given]


GENDER, DWELLING, TENURE, WOZ_CATEGORY, CAR_CLASS, CAR_STATUS, MILEAGE = map(
    decoder, (GENDER, DWELLING, TENURE, WOZ_CATEGORY, CAR_CLASS, CAR_STATUS, MILEAGE))


def euros(x):
    return int(D(x).quantize(D(1), rounding=ROUND_HALF_UP))


def f2(x):
    return str(D(x).quantize(D('0.01'), rounding=ROUND_HALF_UP))


class RuleSet:
    def __init__(self, folder):
        self.p, self.t = {}, {}
        for f in sorted(folder.glob('*.json')):
            data = json.loads(f.read_text())
            for name, par in data.get('parameters', {}).items():
                self.p[name] = D(par['value'])
            for name, table in data.get('tables', {}).items():
                self.t[name] = table

    def cell(self, name, **key):
        table = self.t[name]
        wanted = {}
        for dim, value in key.items():
            spec = table['dimensions'][dim]
            if isinstance(spec, dict):  # bands of a number
                value = next(b['key'] for b in spec['bands']
                             if D(b['from']) <= value and ('below' not in b or value < D(b['below'])))
            wanted[dim] = value
        return D(next(c['value'] for c in table['cells'] if c['key'] == wanted))


def household(req):
    persons = [GENDER(h.get('Geslacht')) for h in req['Hoofdpersonen']]
    children = [(D(k['Leeftijd']), GENDER(k.get('Geslacht'))) for k in req.get('Kinderen', [])]
    cars = [(CAR_CLASS(a['TypeAuto']), CAR_STATUS(a['StatusAuto']),
             MILEAGE(a.get('KilometersPerJaar', a.get('AutoKilometersPerJaar')))) for a in req.get('Autos', [])]
    w = req['Woning']
    return persons, children, cars, w, D(req['NettoBesteedbaarInkomenPerMaand'])


def derive(rs, req):
    p, cell = rs.p, rs.cell
    persons, children, cars, w, income = household(req)
    adults, size = len(persons), len(persons) + len(children)
    dwelling, tenure = DWELLING(w['TypeWoning']), TENURE(w['SoortWoning'])
    minimum = p['hb.minimumInkomenPaar'] if adults > 1 else p['hb.minimumInkomenAlleenstaande']
    index = min(D(1), max(D(0), (income - minimum) / (minimum * (p['hb.voorbeeldInkomensgrens'] - 1))))
    idx_text = f"index = clamp(({income} - {minimum}) / {minimum}, 0, 1) = {index.quantize(D('0.0001'))}"
    m = p['maandenPerJaar']
    out = {}

    def post(code, basis, voorbeeld, text):
        out[code] = (euros(basis), euros(voorbeeld), f"{text} -> {euros(basis)} / {euros(voorbeeld)}")

    def rising(top):
        return 1 + (top - 1) * index

    # Energy: the CBS bill split into electricity and gas, all-in prices.
    stroom = (p['hb.cbsStroomverbruik'] * (p['hb.stroomLeveringsprijs'] + p['hb.energiebelastingStroom']) * p['hb.btwFactor']
              + p['hb.stroomVastrecht'] - p['hb.verminderingEnergiebelasting'] * p['hb.btwFactor'])
    gasprijs = (p['hb.cbsEnergierekening'] - stroom) / p['hb.cbsGasverbruik']
    gas_m3 = cell('hb.gasverbruik', woningtype=dwelling)
    gas = gas_m3 * gasprijs / m
    post('Gas', gas, gas, f"{gas_m3} m3/year ({dwelling}) x {gasprijs.quantize(D('0.0001'))} EUR/m3 [({p['hb.cbsEnergierekening']} - electricity part {f2(stroom)}) / {p['hb.cbsGasverbruik']} m3] / 12 = {f2(gas)}; Voorbeeld = Basis")
    kwh = p['hb.stroomverbruikBasis'] + p['hb.stroomverbruikPerPersoon'] * size
    # Per connection: the fixed charges and the energy-tax reduction do not grow with the kWh.
    per_kwh = (p['hb.stroomLeveringsprijs'] + p['hb.energiebelastingStroom']) * p['hb.btwFactor']
    fixed = p['hb.stroomVastrecht'] - p['hb.verminderingEnergiebelasting'] * p['hb.btwFactor']
    el = (kwh * per_kwh + fixed) / m
    post('Elektriciteit', el, el, f"({p['hb.stroomverbruikBasis']} + {p['hb.stroomverbruikPerPersoon']} x {size} persons) = {kwh} kWh x {per_kwh.quantize(D('0.0001'))} EUR/kWh [({p['hb.stroomLeveringsprijs']} + {p['hb.energiebelastingStroom']}) x {p['hb.btwFactor']}] + per connection {p['hb.stroomVastrecht']} - {p['hb.verminderingEnergiebelasting']} x {p['hb.btwFactor']} = {f2(fixed)}, / 12 = {f2(el)}; Voorbeeld = Basis")
    water_price = (p['hb.waterrekeningReferentie'] - p['hb.waterVastrecht']) / p['hb.waterReferentieverbruik']
    m3 = cell('hb.waterverbruik', huishoudgrootte=D(size)) + p['hb.waterverbruikPerExtraPersoon'] * max(0, size - int(p['hb.waterverbruikGrootsteHuishouden']))
    water = (p['hb.waterVastrecht'] + m3 * water_price) / m
    post('Water', water, water, f"({p['hb.waterVastrecht']} + {m3} m3 ({size} persons) x {water_price.quantize(D('0.0001'))} EUR/m3) / 12 = {f2(water)}; Voorbeeld = Basis")

    # Local taxes and the owner's WOZ value.
    if 'WozWaarde' in w:
        woz, woz_text = D(w['WozWaarde']), f"WOZ {w['WozWaarde']} given"
    elif 'WozWaardeCategorie' in w:
        woz = cell('hb.wozRepresentatief', categorie=WOZ_CATEGORY(w['WozWaardeCategorie']))
        woz_text = f"WOZ {woz} for category {w['WozWaardeCategorie']}"
    else:
        woz, woz_text = cell('hb.wozRepresentatief', categorie='unknown'), 'WOZ not given: 375000 assumed'
    if tenure == 'rent':
        lok = p['hb.coeloHuurder'] - p['hb.provincieDeelHuurder']
        text = f"tenant: ({p['hb.coeloHuurder']} - {p['hb.provincieDeelHuurder']})"
        if size == 1:
            lok *= p['hb.lokaleLastenFactorEenpersoons']
            text += f" x {p['hb.lokaleLastenFactorEenpersoons']} (one person)"
        lok /= m
        post('LokaleLasten', lok, lok, f"{text} / 12 = {f2(lok)}")
    else:
        lok = (p['hb.coeloEigenaarGemeente'] + p['hb.coeloEigenaarWaterschap'] + p['hb.ozbTarief'] * (woz - p['hb.wozReferentie'])) / m
        post('LokaleLasten', lok, lok, f"owner, {woz_text}: ({p['hb.coeloEigenaarGemeente']} + {p['hb.coeloEigenaarWaterschap']} + {p['hb.ozbTarief']} x ({woz} - {p['hb.wozReferentie']})) / 12 = {f2(lok)}")

    tb = p['hb.tvInternetBasis'] + p['hb.mobielBasis'] * adults
    tv = p['hb.tvInternetTelefoonVoorbeeld'] + p['hb.mobielVoorbeeld'] * adults
    post('TelefoonTvInternet', tb, tv, f"Basis {p['hb.tvInternetBasis']} + {p['hb.mobielBasis']} x {adults} = {f2(tb)}; Voorbeeld {p['hb.tvInternetTelefoonVoorbeeld']} + {p['hb.mobielVoorbeeld']} x {adults} = {f2(tv)}")

    # Insurances.
    insured = adults + sum(1 for age, _ in children if age >= p['hb.volwassenLeeftijd'])
    if size == 1:
        liab_name, liab = 'single', p['hb.aansprakelijkheid2014Alleenstaande']
    elif not children:
        liab_name, liab = 'couple', p['hb.aansprakelijkheid2014Paar']
    else:
        liab_name, liab = 'family', p['hb.aansprakelijkheid2014Gezin']
    liab_now = liab * p['hb.prijsindex2014']
    opb = cell('hb.opstalverzekering', woningtype=dwelling) if tenure == 'own' else D(0)
    opv = cell('hb.opstalverzekeringVoorbeeld', woningtype=dwelling) if tenure == 'own' else D(0)
    vb = p['hb.zorgpremie'] * insured + liab_now + p['hb.inboedelBasis'] + opb
    vv = ((p['hb.zorgpremie'] + p['hb.aanvullendeVerzekering']) * insured + liab_now + p['hb.inboedelVoorbeeld'] + opv
          + p['hb.uitvaartverzekering'] * adults)
    post('Verzekeringen', vb, vv, f"Basis {p['hb.zorgpremie']} x {insured} insured + liability {liab_name} {liab} (2014) x {p['hb.prijsindex2014']} = {f2(liab_now)} + contents {p['hb.inboedelBasis']} + buildings {opb} = {f2(vb)}; Voorbeeld ({p['hb.zorgpremie']} + {p['hb.aanvullendeVerzekering']}) x {insured} + {f2(liab_now)} + {p['hb.inboedelVoorbeeld']} + buildings all-risk {opv} + funeral {p['hb.uitvaartverzekering']} x {adults} = {f2(vv)}")

    cb = p['hb.contributiesPerHoofdpersoon'] * adults
    post('ContributiesAbonnementen', cb, cb * rising(p['hb.topfactorContributies']),
         f"Basis {p['hb.contributiesPerHoofdpersoon']} x {adults} = {f2(cb)}; Voorbeeld x (1 + ({p['hb.topfactorContributies']} - 1) x index) = {f2(cb * rising(p['hb.topfactorContributies']))}; {idx_text}")

    # Transport.
    if not cars:
        ob, ov = p['hb.ovFietsZonderAutoBasis'] * adults, p['hb.ovFietsZonderAutoVoorbeeld'] * adults
        post('Vervoer', ob, ov, f"no car: public transport and bicycle {p['hb.ovFietsZonderAutoBasis']} / {p['hb.ovFietsZonderAutoVoorbeeld']} x {adults} = {f2(ob)} / {f2(ov)}")
    else:
        ob = ov = D(0)
        parts = []
        for cls, status, mileage in cars:
            fixed = cell('hb.autoVasteLasten', klasse=cls)
            km = cell('hb.autoKilometers', kilometers=mileage)
            running = km * (cell('hb.autoVerbruik', klasse=cls) * p['hb.brandstofprijs'] + p['hb.autoSlijtagePerKm']) / m
            used, own = cell('hb.autoStatusfactor', status='used'), cell('hb.autoStatusfactor', status=status)
            ob += fixed * used + running
            ov += fixed * own + running
            parts.append(f"{cls}/{status}/{mileage}: fixed {fixed} x {used} (Basis) or x {own} (Voorbeeld) + {km} km x ({cell('hb.autoVerbruik', klasse=cls)} l/km x {p['hb.brandstofprijs']} + {p['hb.autoSlijtagePerKm']}) / 12 = {f2(fixed * used + running)} / {f2(fixed * own + running)}")
        ob += p['hb.fietsOvMetAutoBasis'] * adults
        ov += p['hb.fietsOvMetAutoVoorbeeld'] * adults
        post('Vervoer', ob, ov, '; '.join(parts) + f"; plus bicycle/PT {p['hb.fietsOvMetAutoBasis']} / {p['hb.fietsOvMetAutoVoorbeeld']} x {adults} = {f2(ob)} / {f2(ov)}")

    # Clothing, furnishings, maintenance, care, leisure.
    kb = sum(cell('hb.kledingHoofdpersoon', geslacht=g) for g in persons) + sum(cell('hb.kledingKind', leeftijd=a, geslacht=g) for a, g in children)
    ktop = p['hb.verhoudingKledingHoogLaag'] * p['hb.leeftijdseffectPensioen']
    parts = [f"{g} {cell('hb.kledingHoofdpersoon', geslacht=g)}" for g in persons]
    parts += [f"child {a} {cell('hb.kledingKind', leeftijd=a, geslacht=g)}" for a, g in children]
    post('KledingSchoenen', kb, kb * rising(ktop), f"Basis {' + '.join(parts)} = {f2(kb)}; Voorbeeld x (1 + ({p['hb.verhoudingKledingHoogLaag']} x {p['hb.leeftijdseffectPensioen']} - 1) x index) = {f2(kb * rising(ktop))}; {idx_text}")
    ib = p['hb.inventarisPerHuishouden'] + p['hb.inventarisPerPersoon'] * size
    post('Inventaris', ib, ib * rising(p['hb.verhoudingInventarisHoogLaag']), f"Basis {p['hb.inventarisPerHuishouden']} + {p['hb.inventarisPerPersoon']} x {size} = {f2(ib)}; Voorbeeld x (1 + ({p['hb.verhoudingInventarisHoogLaag']} - 1) x index) = {f2(ib * rising(p['hb.verhoudingInventarisHoogLaag']))}")
    small = cell('hb.onderhoudBasis', woningtype=dwelling)
    if tenure == 'own':
        rate = cell('hb.onderhoudEigenaarTarief', woningtype=dwelling)
        hb_ = small + rate * woz / m
        text = f"Basis {dwelling} {small} + {rate} x {woz} / 12 = {f2(hb_)}"
    else:
        hb_, text = small, f"Basis {dwelling} {small} (tenant)"
    post('OnderhoudHuisTuin', hb_, hb_ * rising(p['hb.topfactorOnderhoud']), f"{text}; Voorbeeld x (1 + ({p['hb.topfactorOnderhoud']} - 1) x index) = {f2(hb_ * rising(p['hb.topfactorOnderhoud']))}")
    minors = sum(1 for age, _ in children if age < p['hb.volwassenLeeftijd'])
    zb = p['hb.eigenRisico'] * insured / m + p['hb.eigenBijdragen'] * insured + p['hb.ziektekostenPerKind'] * minors
    zv = zb + p['hb.ziektekostenExtraVoorbeeld'] * adults
    post('NietVergoedeZiektekosten', zb, zv, f"Basis {p['hb.eigenRisico']} / 12 x {insured} insured + {p['hb.eigenBijdragen']} x {insured} + {p['hb.ziektekostenPerKind']} x {minors} children under 18 = {f2(zb)}; Voorbeeld + {p['hb.ziektekostenExtraVoorbeeld']} x {adults} = {f2(zv)}")
    fb = p['hb.vrijetijdHoofdpersoon'] * adults + sum(cell('hb.vrijetijdKind', leeftijd=a) for a, _ in children)
    ftop = p['hb.verhoudingVrijetijdHoogLaag'] * p['hb.leeftijdseffectPensioen']
    kids = ''.join(f" + child {a} {cell('hb.vrijetijdKind', leeftijd=a)}" for a, _ in children)
    post('Vrijetijdsuitgaven', fb, fb * rising(ftop), f"Basis {p['hb.vrijetijdHoofdpersoon']} x {adults}{kids} = {f2(fb)}; Voorbeeld x (1 + ({p['hb.verhoudingVrijetijdHoogLaag']} x {p['hb.leeftijdseffectPensioen']} - 1) x index) = {f2(fb * rising(ftop))}")

    # Food: children under the toddler age outside the household-size factor.
    scale = cell('hb.voedingSchaalfactor', huishoudgrootte=D(size))
    scaled = [cell('hb.voedingHoofdpersoon', geslacht=g) for g in persons] + [cell('hb.voedingKind', leeftijd=a, geslacht=g) for a, g in children if a >= p['hb.peuterleeftijd']]
    toddlers = [cell('hb.voedingKind', leeftijd=a, geslacht=g) for a, g in children if a < p['hb.peuterleeftijd']]
    vb_ = p['dagenPerMaand'] * (scale * sum(scaled) + sum(toddlers, D(0))) * p['hb.voedingPrijsindex']
    tod = f" + toddlers {' + '.join(map(str, toddlers))}" if toddlers else ''
    post('Voeding', vb_, vb_ * rising(p['hb.topfactorVoeding']), f"Basis ({scale} x ({' + '.join(map(str, scaled))}){tod}) x {p['dagenPerMaand']} days x food price index {p['hb.voedingPrijsindex']} = {f2(vb_)}; Voorbeeld x (1 + ({p['hb.topfactorVoeding']} - 1) x index) = {f2(vb_ * rising(p['hb.topfactorVoeding']))}; {idx_text}")
    ob_ = p['hb.overigPerHuishouden'] + p['hb.overigPerPersoon'] * size
    post('OverigeHuishoudelijkeUitgaven', ob_, ob_ * rising(p['hb.topfactorOverig']), f"Basis {p['hb.overigPerHuishouden']} + {p['hb.overigPerPersoon']} x {size} = {f2(ob_)}; Voorbeeld x (1 + ({p['hb.topfactorOverig']} - 1) x index) = {f2(ob_ * rising(p['hb.topfactorOverig']))}")
    return out


def main(argv):
    write = '--write' in argv
    folders = [ROOT / a for a in argv if not a.startswith('--')] or [ROOT / 'rules/nl-2025', ROOT / 'rules/nl-2026']
    differences = 0
    for folder in folders:
        rs = RuleSet(folder)
        for example in sorted((folder / 'tests/pensioenuitgaven').glob('*.json')):
            data = json.loads(example.read_text())
            posts = derive(rs, data['request'])
            expected = data['expected']['Posten']
            for code, (basis, voorbeeld, _) in posts.items():
                want = expected[code]
                if (want['Basis'], want['Voorbeeld']) != (basis, voorbeeld):
                    differences += 1
                    print(f"{example.relative_to(ROOT)} {code}: expected {want['Basis']} / {want['Voorbeeld']}, re-derived {basis} / {voorbeeld}")
            total = (sum(b for b, _, _ in posts.values()), sum(v for _, v, _ in posts.values()))
            if total != (data['expected']['Totaal']['Basis'], data['expected']['Totaal']['Voorbeeld']):
                differences += 1
                print(f"{example.relative_to(ROOT)} Totaal: expected {data['expected']['Totaal']}, re-derived {total}")
            if write:
                data['derivation'] = {code: text for code, (_, _, text) in posts.items()}
                example.write_text(json.dumps(data, indent=2, ensure_ascii=False) + '\n')
        print(f"{folder.relative_to(ROOT)}: {len(list((folder / 'tests/pensioenuitgaven').glob('*.json')))} examples re-derived")
    print('every expected figure re-derived' if differences == 0 else f'{differences} difference(s)')
    return 1 if differences else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
