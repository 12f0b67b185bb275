#!/usr/bin/env python3
"""Builds figures.json (issue 40 research) from the read inputs below.

Every input carries its grade and source id; every output states its formula.
Run: python3 build.py  (writes figures.json and tables.md next to it).
Amounts: euros per month, 2026 price level unless the row says otherwise.
"""
import json, os
from functools import reduce

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------- indices (read) ----------
CPI = {2014: 1.0, 2015: 0.6, 2016: 0.3, 2017: 1.4, 2018: 1.7, 2019: 2.6, 2020: 1.3,
       2021: 2.7, 2022: 10.0, 2023: 3.8, 2024: 3.3, 2025: 3.3}
CPI_2026_FORECAST = 2.3   # CPB CEP March 2026 baseline (read, a forecast); war variant +0.6
FOOD = {2024: 1.7, 2025: 4.0}  # CBS food + non-alcoholic drinks (read)


def cpi_factor(from_year, to_year=2026):
    """Price level of to_year relative to from_year (yearly averages)."""
    f = 1.0
    for y in range(from_year + 1, to_year + 1):
        pct = CPI.get(y, CPI_2026_FORECAST if y == 2026 else None)
        f *= 1 + pct / 100
    return f


F_FOOD_2023_2026 = (1 + FOOD[2024] / 100) * (1 + FOOD[2025] / 100) * (1 + CPI_2026_FORECAST / 100)
DAYS = 30.42

# ---------- households ----------
# adults: working age unless lifeStage == 'AOW'; children: representative child 0-17 unless banded
HH = {
    "single":            dict(adults=1, kids=0, life="working"),
    "couple":            dict(adults=2, kids=0, life="working"),
    "singleParent1":     dict(adults=1, kids=1, life="working"),
    "singleParent2":     dict(adults=1, kids=2, life="working"),
    "couple1":           dict(adults=2, kids=1, life="working"),
    "couple2":           dict(adults=2, kids=2, life="working"),
    "couple3":           dict(adults=2, kids=3, life="working"),
    "singleAOW":         dict(adults=1, kids=0, life="AOW"),
    "coupleAOW":         dict(adults=2, kids=0, life="AOW"),
}

FIG = []


def add(post, hh, life, level, amount, grade, source, formula=None, reasoning=None,
        period="2026", unit="EUR/month"):
    row = dict(post=post, household=hh, lifeStage=life, level=level,
               amount=round(amount, 2), unit=unit, period=period, grade=grade, source=source)
    if grade == "estimate" and not reasoning:
        reasoning = "estimate: " + (formula or "")
    if formula:
        row["formula"] = formula
    if reasoning:
        row["reasoning"] = reasoning
    FIG.append(row)
    return row["amount"]


# ---------- food ----------
DAY_ADULT = {"working": (8.50 + 7.66) / 2, "AOW": (8.12 + 7.66) / 2}
# representative child: uniform age 0..17 over the published bands (1-3 taken for 0-3)
DAY_CHILD_BAND = {"0-3": 3.11, "4-11": (5 * 4.39 + 3 * 7.08) / 8, "12-17": (2 * 7.08 + 4 * (8.50 + 7.66) / 2) / 6}
DAY_CHILD = (4 * 3.11 + 5 * 4.39 + 5 * 7.08 + 4 * (8.50 + 7.66) / 2) / 18
SIZE_F = {1: 1.10, 2: 1.00, 3: 0.85, 4: 0.75, 5: 0.70}
FOOD_REF_FACTOR = 1.25


def food_min(adults, kids, life, child_day=DAY_CHILD):
    n = adults + kids
    f = SIZE_F[min(n, 5)]
    return (adults * DAY_ADULT[life] + kids * child_day) * f * DAYS * F_FOOD_2023_2026


# ---------- energy ----------
GAS_2020 = {1: 940, 3: 1330}      # CBS 85140NED 2020 mean, temp.-corrected (read)
GAS_2020_ALL = 1190
GAS_P50_RATIO_1P = 840 / 940      # CBS 85140NED p50/mean, 1 person (read)
ELEC_2020 = {1: 1800, 3: 3370}    # CBS 85140NED 2020 mean delivery (read)
ELEC_P50_RATIO_1P = 1580 / 1800
PBL_GAS_2025 = 987                # CBS/PBL (read)
ELEC_DELIV_2024, ELEC_DELIV_2020 = 2550, 2760   # CBS 81528NED 2024*, 85140NED 2020 (read)
GAS_PRICE_ALLIN_2026 = 1.7495     # nl-2026 pu derivation (derived/estimate, see sources)
ELEC_VAR_2026 = (0.1216 + 0.09160) * 1.21       # supply (estimate) + tax (read), VAT
ELEC_FIXED_NET_2026 = 558.36 - 519.80 * 1.21    # fixed charges (estimate) - tax reduction (read) x VAT


def gas_use(n):
    slope = (GAS_2020[3] - GAS_2020[1]) / 2
    return (GAS_2020[1] + slope * (min(n, 6) - 1)) * PBL_GAS_2025 / GAS_2020_ALL


def elec_use(n):
    slope = (ELEC_2020[3] - ELEC_2020[1]) / 2
    return (ELEC_2020[1] + slope * (min(n, 6) - 1)) * ELEC_DELIV_2024 / ELEC_DELIV_2020


def energy_cost(n, level):
    g = gas_use(n) * (GAS_P50_RATIO_1P if level == "minimum" else 1)
    e = elec_use(n) * (ELEC_P50_RATIO_1P if level == "minimum" else 1)
    return (g * GAS_PRICE_ALLIN_2026 + e * ELEC_VAR_2026 + ELEC_FIXED_NET_2026) / 12, g, e


# ---------- water ----------
WATER_M3 = {1: 46, 2: 93, 3: 135, 4: 163, 5: 184}


def water(n):
    m3 = WATER_M3[min(n, 5)] + 21 * max(0, n - 5)
    return (103.05 + 1.5667 * m3) / 12


def main():
    f2020 = cpi_factor(2020)
    f2014 = cpi_factor(2014)
    f2015 = cpi_factor(2015)
    f2017 = cpi_factor(2017)
    f2021 = cpi_factor(2021)
    f2023 = cpi_factor(2023)
    f2025 = cpi_factor(2025)
    idx = dict(cpi_2014_2026=f2014, cpi_2015_2026=f2015, cpi_2017_2026=f2017, cpi_2020_2026=f2020,
               cpi_2021_2026=f2021, cpi_2023_2026=f2023, cpi_2025_2026=f2025,
               food_2023_2026=F_FOOD_2023_2026, child_day_uniform=DAY_CHILD)
    for hh, d in HH.items():
        a, k, life = d["adults"], d["kids"], d["life"]
        n = a + k
        # food
        fm = food_min(a, k, life)
        add("Voeding", hh, life, "minimum", fm, "derived", "s.nibud-voeding",
            formula=f"(adults x {DAY_ADULT[life]:.2f} + children x {DAY_CHILD:.3f}) x size factor {SIZE_F[min(n,5)]} x 30.42 x food index {F_FOOD_2023_2026:.4f} (CBS food 2024 +1.7%, 2025 +4.0%, 2026 CPB CPI 2.3% as proxy)")
        add("Voeding", hh, life, "reference", fm * FOOD_REF_FACTOR, "estimate", "s.schatting",
            reasoning="minimum x 1.25: no public food spending by household type at reference income; CBS 2015 average food spending (3721/yr for 2.16 persons) indexed by total CPI is close to the Nibud minimum, so 1.25 is an upper estimate; sensitivity 1.10-1.40")
        # clothing: below-LIG household 600/yr (2020), above 1500/yr; per person split (estimate)
        adult_cl = 25.0 * 1.2513 * (1 + CPI_2026_FORECAST / 100) * (50 / 49) if False else None
        cl_min_adult = 50 / 2 * f2020          # couple below LIG = 600/yr (2020) split over 2 adults
        cl_min_child = cl_min_adult * (25.5 / 24.5)   # uniform-age child relative to adult (existing 20/25/35 bands)
        cm = a * cl_min_adult + k * cl_min_child
        add("KledingSchoenen", hh, life, "minimum", cm, "estimate", "s.cbs-bestedingen-2020-inkomen",
            reasoning=f"CBS 2020: households below the low-income threshold spend 600/yr on clothing; taken as a two-adult basis, 25.00/adult (2020) x CPI 2021-2026 {f2020:.4f}; a child of uniform age 0-17 at 1.04x an adult (existing 20/25/35 age bands, mean 25.5 vs adult 24.5). The split per person is ours")
        add("KledingSchoenen", hh, life, "reference", cm * 2.5, "estimate", "s.cbs-bestedingen-2020-inkomen",
            reasoning="read ratio applied to an estimated minimum", formula="minimum x 2.5 (CBS 2020 clothing above / below the low-income threshold = 1500 / 600)")
        # energy
        emin, gmin, elmin = energy_cost(n, "minimum")
        eref, gref, elref = energy_cost(n, "reference")
        add("Energie", hh, life, "minimum", emin, "estimate", "s.cbs-energie-bewoners-2020",
            reasoning="read use (CBS) x unit prices that are partly estimates (nl-2026: electricity supply price and fixed charges, gas all-in price via an estimated 928 m3)",
            formula=f"gas {gmin:.0f} m3 x {GAS_PRICE_ALLIN_2026} + electricity {elmin:.0f} kWh x {ELEC_VAR_2026:.4f} + fixed net {ELEC_FIXED_NET_2026:.2f}/yr, /12; use = CBS 2020 by household size (1 and 3 persons read, others linear), x p50/mean (1 person: gas 840/940, electricity 1580/1800), gas rebased to PBL 2025 (987/1190), electricity to 2024 grid delivery (2550/2760); unit prices partly estimates (see sources)")
        add("Energie", hh, life, "reference", eref, "estimate", "s.cbs-energie-bewoners-2020",
            reasoning="read use (CBS mean) x partly estimated unit prices (see minimum)",
            formula=f"gas {gref:.0f} m3 x {GAS_PRICE_ALLIN_2026} + electricity {elref:.0f} kWh x {ELEC_VAR_2026:.4f} + fixed net {ELEC_FIXED_NET_2026:.2f}/yr, /12 (mean use)")
        # water
        w = water(n)
        for lvl in ("minimum", "reference"):
            add("Water", hh, life, lvl, w, "derived", "s.water",
                formula=f"(103.05 + 1.5667 x {WATER_M3[min(n,5)]} m3)/12 (2026 tariffs PWN/Dunea/WMD means; Nibud use by size)")
        # local taxes (tenant)
        lt = (1051 - 205) * f2025 / 12 * (0.853 if n == 1 else 1)
        add("LokaleLasten", hh, life, "minimum", 0.0, "estimate", "s.schatting",
            reasoning="at or near the social minimum municipalities and water boards grant remission (kwijtschelding) of most local taxes; minimum 0 if the household qualifies, else the reference amount. Policy choice; document")
        add("LokaleLasten", hh, life, "reference", lt, "derived" if n > 1 else "estimate", "s.coelo",
            formula=f"tenant: (COELO 2025 tenant 1051 - province part 205) x CPI 2026 {f2025:.3f} /12" + (" x 0.853 (one-person / multi-person ratio 498/584, Gilze en Rijen 2017: estimate)" if n == 1 else ""))
        # telecom
        tmin = 29 * f2021 + 10 * f2025 * a
        tref = 57 * f2023 + 17.5 * f2025 * a
        add("TelefoonTvInternet", hh, life, "minimum", tmin, "estimate", "s.telecom",
            reasoning=f"cheapest internet-only subscription 29 (Consumentenbond 2021, read) x CPI 2022-2026 {f2021:.3f} + SIM-only 10 per adult (estimate)")
        add("TelefoonTvInternet", hh, life, "reference", tref, "estimate", "s.telecom",
            reasoning=f"TV + internet average 57 (2023, read) x CPI 2024-2026 {f2023:.3f} + mobile 17.50 per adult (estimate; mobile subscriptions -6.7% in 2025)")
        # insurance
        avp_low = {1: 2.27, 2: 4.24}.get(a, 4.24) if k == 0 else 4.91
        avp_avg = {1: 3.18, 2: 5.45}.get(a, 5.45) if k == 0 else 5.46
        if a == 1 and k > 0:
            avp_low, avp_avg = 4.91, 5.46
        insm = a * 142.40 + avp_low * f2014 + 8 * f2025
        insr = a * (159.30 + 20 * f2025 + 13.10 * f2023) + avp_avg * f2014 + 14 * f2025
        add("Verzekeringen", hh, life, "minimum", insm, "derived", "s.zorg-2026",
            formula=f"adults x cheapest basic health premium 142.40 (2026) + Nibud 2014 low liability premium {avp_low} x CPI 2015-2026 {f2014:.4f} + contents 8 (low end of the read, undated range 8-20, taken as the 2025 level: an assumption) x {f2025:.3f}")
        add("Verzekeringen", hh, life, "reference", insr, "estimate", "s.zorg-2026",
            reasoning="read premiums plus an estimated supplementary policy (20/adult)",
            formula=f"adults x (average basic premium 159.30 + supplementary 20 (estimate) x {f2025:.3f} + funeral 13.10 (2023 midpoint) x {f2023:.3f}) + Nibud 2014 average liability premium {avp_avg} x {f2014:.4f} + contents 14 x {f2025:.3f}")
        # unreimbursed care
        cm_ = a * (385 / 12 + 10 * f2025) + k * 5 * f2025
        add("NietVergoedeZiektekosten", hh, life, "minimum", cm_, "estimate", "s.zorg-2026",
            reasoning="compulsory deductible 385/yr per adult (read, statutory) reserved in full + co-payments 10 per adult and 5 per child (estimates, 2025) x CPI 2026; the repayment request's KostenZorg is added on top for known extra care")
        add("NietVergoedeZiektekosten", hh, life, "reference", cm_ + a * 20 * f2025 * (1 if life == "AOW" else 0.5),
            "estimate", "s.schatting", reasoning="minimum + extra uninsured care 20 per adult at AOW age, 10 at working age (estimate)")
        # participation: leisure + contributions + gifts + holiday (SCP nvmt - basis)
        part_single = 96 * f2017
        part_min = part_single * (1 + 0.5 * (a - 1)) + k * part_single * 0.6
        add("VrijetijdContributies", hh, life, "minimum", part_min, "derived" if (a == 1 and k == 0) else "estimate",
            "s.scp-referentiebudget-2017",
            formula=f"SCP 2017: niet-veel-maar-toereikend 1135 - basisbehoeften 1039 = 96/month for a single person (the minimal cost of relaxation and social participation) x CPI 2018-2026 {f2017:.4f}" +
            ("" if (a == 1 and k == 0) else "; second adult +50%, each child +60% of the single amount (estimate; check: couple + 2 children -> compare Nibud 2015 family participation minimum 244 x CPI 2016-2026)"))
        add("VrijetijdContributies", hh, life, "reference", part_min * 2.5, "estimate", "s.schatting",
            reasoning="minimum x 2.5: CBS 2015 recreation+culture 3257 and restaurants+hotels 1994 per average household/yr (437/month at 2015 prices) are far above the minimum; ratio set between the clothing (2.5) and furnishings (3.0) ratios; retirement operation uses 3.5 before the age effect")
        # inventory
        inv = (40 + 12 * n) * f2020 * (800 / 12) / (40 + 12 * 2) / (800 / 12) if False else None
        inv_min = (40 + 12 * n) * f2020
        add("Inventaris", hh, life, "minimum", inv_min, "estimate", "s.cbs-bestedingen-2020-inkomen",
            reasoning=f"40 per household + 12 per person calibrated on CBS 2020 below-LIG furnishings 800/yr (2020 prices), x CPI 2021-2026 {f2020:.4f}; the nl-2026 rules label the same 40/12 as 2025 prices (a 25% understatement)")
        add("Inventaris", hh, life, "reference", inv_min * 3, "estimate", "s.cbs-bestedingen-2020-inkomen",
            reasoning="read ratio applied to an estimated minimum", formula="minimum x 3 (CBS 2020 furnishings and appliances above / below the low-income threshold = 2400 / 800)")
        # maintenance (tenant, small)
        mt = 15 * f2025
        add("OnderhoudHuisTuin", hh, life, "minimum", mt, "estimate", "s.schatting",
            reasoning="tenant's small maintenance 15/month (2025, existing estimate for a terraced house; the repayment request gives no dwelling type) x CPI 2026")
        add("OnderhoudHuisTuin", hh, life, "reference", mt * 1.5, "estimate", "s.schatting",
            reasoning="minimum x 1.5 (existing retirement top factor)")
        # other household: personal care, cleaning, sundries
        ov = (15 + 25 * n) * f2025
        add("OverigeHuishoudelijk", hh, life, "minimum", ov, "estimate", "s.schatting",
            reasoning="15 per household + 25 per person (existing estimates, 2025) x CPI 2026; no public per-person figure")
        add("OverigeHuishoudelijk", hh, life, "reference", ov * 1.75, "estimate", "s.schatting",
            reasoning="minimum x 1.75 (existing retirement top factor)")
        # transport without car
        tr_min = a * 30 * 1.065 + k * 0.4 * 10 * f2025
        tr_ref = a * 50 * 1.065 + k * 0.4 * 25 * f2025
        add("VervoerZonderAuto", hh, life, "minimum", tr_min, "estimate", "s.cbs-vervoer-2020",
            reasoning="30 per adult (2025) x public-transport fares +6.5% (2026, read); a child of uniform age 0-17 weighted 0.4 x 10 (bicycle upkeep for ages 12-17 only, estimate); CBS 2020: single woman under AOW age spends 1.8k/yr on transport incl. car owners")
        add("VervoerZonderAuto", hh, life, "reference", tr_ref, "estimate", "s.cbs-vervoer-2020",
            reasoning="50 per adult (2025) x 1.065; child 12-17 25/month (school bus/bike, estimate)")
        # school costs
        if k:
            sc_min = k * (0 * 4 + 10 * 8 + 30 * 6) / 18 * f2025
            add("Onderwijs", hh, life, "minimum", sc_min, "estimate", "s.schatting",
                reasoning="school costs per child by band 0-3: 0, 4-11: 10, 12-17: 30 per month (parental contribution, books, materials; estimates), averaged over a uniform age 0-17; no public minimum found")
            add("Onderwijs", hh, life, "reference", sc_min * 1.5, "estimate", "s.schatting",
                reasoning="minimum x 1.5 (estimate)")
    # children by age band: marginal minimum cost of one child in a couple household
    bands = {}
    for band, day in DAY_CHILD_BAND.items():
        base = food_min(2, 0, "working")
        withk = (2 * DAY_ADULT["working"] + day) * SIZE_F[3] * DAYS * F_FOOD_2023_2026
        cl = {"0-3": 20, "4-11": 25, "12-17": 35}[band] / 24.5 * 25.0 * f2020
        part = 96 * f2017 * {"0-3": 0.3, "4-11": 0.6, "12-17": 0.9}[band]
        school = {"0-3": 0, "4-11": 10, "12-17": 30}[band] * f2025
        care = 5 * f2025
        other = 25 * f2025 + 12 * f2020
        e3, _, _ = energy_cost(3, "minimum")
        e2, _, _ = energy_cost(2, "minimum")
        wtr = water(3) - water(2)
        trans = {"0-3": 0, "4-11": 0, "12-17": 10}[band] * f2025
        total = (withk - base) + cl + part + school + care + other + (e3 - e2) + wtr + trans
        bands[band] = dict(food=withk - base, clothing=cl, participation=part, school=school, care=care,
                           personal_and_inventory=other, energy=e3 - e2, water=wtr, transport=trans, total=total)
        add("KindTotaalMarginaal", f"couple+child{band}", "working", "minimum", total, "estimate", "s.schatting",
            reasoning="marginal minimum cost of one child of this age band added to a working-age couple: food (read table, derived), clothing, participation, school, care, personal care + inventory, energy and water increments (see tables.md)")
    # car
    fixed_new_mini = 172.50 * cpi_factor(2023)
    fuel_price = 2.178
    car = {}
    for label, status_f, km in (("minimum", 0.8, 7500), ("reference", 1.0, 10000)):
        fixed = fixed_new_mini * status_f
        fuel = km * 0.055 * fuel_price / 12
        wear = km * 0.031 / 12
        car[label] = dict(fixed=fixed, fuel=fuel, wear=wear, total=fixed + fuel + wear, km=km)
        add("Auto", "perCar", "any", label, fixed + fuel + wear, "estimate", "s.nibud-auto-2023",
            reasoning=f"fixed: Nibud Dec 2023 mini class 172.50 (new car, first 10 years, read) x CPI 2024-2026 {cpi_factor(2023):.4f} x status {status_f} (0.8 second-hand: estimate); fuel: {km} km x 5.5 l/100 km (estimate) x Euro95 2.178 (advised price 1 Jan 2026, read; the average pump price is lower); wear 0.031/km (estimate). {km} km: CBS private petrol cars ~9-11k km/yr (read)")

    # ---------- read inputs (per unit), so every derived row traces to a read row ----------
    R = [
        ("Zorgpremie (per adult 18+)", "adult", "any", "minimum", 142.40, "s.zorg-2026", "cheapest basic policy 2026 (VinkVink)"),
        ("Zorgpremie (per adult 18+)", "adult", "any", "reference", 159.30, "s.zorg-2026", "average basic premium 2026"),
        ("EigenRisico (per adult 18+, per year)", "adult", "any", "minimum", 385, "s.zorg-2026", "compulsory deductible 2026, statutory"),
        ("Aansprakelijkheid 2014 (single)", "single", "any", "minimum", 2.27, "s.nibud-verzekeringen-2014", "low premium 2014"),
        ("Aansprakelijkheid 2014 (single)", "single", "any", "reference", 3.18, "s.nibud-verzekeringen-2014", "average premium 2014"),
        ("Aansprakelijkheid 2014 (couple)", "couple", "any", "minimum", 4.24, "s.nibud-verzekeringen-2014", "low premium 2014"),
        ("Aansprakelijkheid 2014 (couple)", "couple", "any", "reference", 5.45, "s.nibud-verzekeringen-2014", "average premium 2014"),
        ("Aansprakelijkheid 2014 (family)", "couple+children", "any", "minimum", 4.91, "s.nibud-verzekeringen-2014", "low premium 2014"),
        ("Aansprakelijkheid 2014 (family)", "couple+children", "any", "reference", 5.46, "s.nibud-verzekeringen-2014", "average premium 2014"),
        ("Kleding (household, per year, 2020)", "below low-income threshold", "any", "minimum", 600, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 spending, households below LIG"),
        ("Kleding (household, per year, 2020)", "above low-income threshold", "any", "reference", 1500, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 spending, households above LIG"),
        ("Inventaris (household, per year, 2020)", "below low-income threshold", "any", "minimum", 800, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 furnishings and appliances below LIG"),
        ("Inventaris (household, per year, 2020)", "above low-income threshold", "any", "reference", 2400, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 furnishings and appliances above LIG"),
        ("Voeding (household, per year, 2020)", "below low-income threshold", "any", "minimum", 2800, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 food and non-alcoholic drinks below LIG (household size differs)"),
        ("Voeding (household, per year, 2020)", "above low-income threshold", "any", "reference", 4600, "s.cbs-bestedingen-2020-inkomen", "CBS 2020 food and non-alcoholic drinks above LIG (household size differs)"),
        ("Participatie (single, 2017)", "single", "working", "minimum", 96, "s.scp-referentiebudget-2017", "SCP nvmt 1135 - basisbehoeften 1039 (2017)"),
        ("Participatie (couple + 2 children, 2015)", "couple2", "working", "minimum", 244, "s.nibud-2015-participatie", "Nibud 2015 minimum social participation of a family"),
        ("Vervoer (household, per year, 2020)", "single woman under AOW age", "working", "reference", 1800, "s.cbs-vervoer-2020", "CBS 2020 transport spending incl. car owners"),
        ("Vervoer (household, per year, 2020)", "single woman at AOW age", "AOW", "reference", 1200, "s.cbs-vervoer-2020", "CBS 2020 transport spending incl. car owners"),
        ("TvInternet (2023)", "household", "any", "reference", 57, "s.telecom", "average TV + internet subscription 2023"),
        ("Internet only cheapest (2021)", "household", "any", "minimum", 29, "s.telecom", "cheapest >=100 Mbps internet-only 2021"),
        ("Energie single (2023, poverty line)", "single", "working", "minimum", 145, "s.armoedegrens-2023", "energy costs in the 2023 poverty line for a single"),
        ("Autovastelasten mini (2023)", "perCar", "any", "reference", 172.50, "s.nibud-auto-2023", "Nibud fixed costs, mini class, new car"),
        ("Autovastelasten middenklasse (2023)", "perCar", "any", "reference", 337, "s.nibud-auto-2023", "Nibud fixed costs, middle class, new car"),
        ("Euro95 advised price (EUR/l, 1 Jan 2026)", "perCar", "any", "reference", 2.178, "s.euro95-2026", "UnitedConsumers advised price"),
        ("Kinderbijslag 0-5 (per quarter, income)", "child 0-5", "any", "reference", 295.07, "s.kinderbijslag-2026", "2026 H1; income, not expenditure"),
        ("Kinderbijslag 6-11 (per quarter, income)", "child 6-11", "any", "reference", 358.30, "s.kinderbijslag-2026", "2026 H1; income, not expenditure"),
        ("Kinderbijslag 12-17 (per quarter, income)", "child 12-17", "any", "reference", 421.53, "s.kinderbijslag-2026", "2026 H1; income, not expenditure"),
    ]
    for post, hh_, life_, lvl, amt, src_, what in R:
        per = "2026" if "2026" in what or "2026" in post else ("2014" if "2014" in post else ("2020" if "2020" in post else ("2017" if "2017" in post else ("2015" if "2015" in post else ("2023" if "2023" in post else ("2021" if "2021" in post else "as stated"))))))
        unit = "EUR/year" if "per year" in post else ("EUR/quarter" if "per quarter" in post else ("EUR/l" if "EUR/l" in post else "EUR/month"))
        add(post, hh_, life_, lvl, amt, "read", src_, reasoning=None, period=per, unit=unit, formula=None) if False else FIG.append(dict(post=post, household=hh_, lifeStage=life_, level=lvl, amount=amt, unit=unit, period=per, grade="read", source=src_, note=what))
    with open(os.path.join(HERE, "figures.json"), "w") as fh:
        json.dump(FIG, fh, indent=1, ensure_ascii=False)
    # summary tables
    posts = []
    for r in FIG:
        if r["grade"] == "read":
            continue
        if r["post"] not in posts:
            posts.append(r["post"])
    lines = ["# Generated tables (build.py) — EUR/month, 2026\n", "## Indices\n"]
    for k_, v in idx.items():
        lines.append(f"- {k_}: {v:.4f}")
    lines.append("\n## Minimum / reference per post and household\n")
    hhs = list(HH)
    lines.append("| post | " + " | ".join(hhs) + " |")
    lines.append("|---|" + "---|" * len(hhs))
    tot = {h: {"minimum": 0, "reference": 0} for h in hhs}
    g = {"read": "R", "derived": "D", "estimate": "E"}
    for p in posts:
        cells = []
        for h in hhs:
            mn = [r for r in FIG if r["post"] == p and r["household"] == h and r["level"] == "minimum"]
            rf = [r for r in FIG if r["post"] == p and r["household"] == h and r["level"] == "reference"]
            if not mn:
                cells.append("—")
                continue
            tot[h]["minimum"] += mn[0]["amount"]
            tot[h]["reference"] += rf[0]["amount"]
            cells.append(f"{mn[0]['amount']:.0f} [{g[mn[0]['grade']]}] / {rf[0]['amount']:.0f} [{g[rf[0]['grade']]}]")
        if any(c != "—" for c in cells):
            lines.append(f"| {p} | " + " | ".join(cells) + " |")
    lines.append("| **total excl. housing, car, childcare** | " + " | ".join(
        f"**{tot[h]['minimum']:.0f} / {tot[h]['reference']:.0f}**" for h in hhs) + " |")
    lines.append("\n## Child by age band (marginal minimum in a couple household)\n")
    lines.append("| band | food | clothing | participation | school | care | personal+inventory | energy | water | transport | total |")
    lines.append("|---|" + "---|" * 10)
    for b, d in bands.items():
        lines.append(f"| {b} | " + " | ".join(f"{d[x]:.0f}" for x in ("food", "clothing", "participation", "school", "care", "personal_and_inventory", "energy", "water", "transport", "total")) + " |")
    lines.append("\n## Car (per car)\n")
    for lv, d in car.items():
        lines.append(f"- {lv}: fixed {d['fixed']:.2f} + fuel {d['fuel']:.2f} + wear {d['wear']:.2f} = {d['total']:.2f} ({d['km']} km/yr)")
    with open(os.path.join(HERE, "tables.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(json.dumps({k_: round(v, 4) for k_, v in idx.items()}))
    print("energy 1p", energy_cost(1, "reference"), "2p", energy_cost(2, "reference"))


if __name__ == "__main__":
    main()
