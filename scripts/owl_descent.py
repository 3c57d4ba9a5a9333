#!/usr/bin/env python3
# owl_descent.py FILE NUM: where does tesuji's owl part from GNU Go's on one owl test?
#
# Run from anywhere; FILE is a suite of ../shared/regression (owl.tst, auto01.tst ...), NUM
# the test number. Asks both engines the test's question; where they disagree it plays the
# move one side claims and the other side's answer, and asks again, until it reaches a
# position where GNU Go plays a move tesuji's search does not read (not in its root list),
# or where a fresh tesuji search disagrees with the one that refuted the move (a horizon
# of the narrower search one move down). Where both succeed with different moves, it asks
# GNU Go whether tesuji's move works and, if not, how GNU Go refutes it and whether tesuji
# reads that refutation. BIN selects the tesuji binary (default target/release/tesuji).
import re,subprocess,sys,os
REG=os.environ.get('REGRESSION',os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','..','shared','regression'))
file,num=sys.argv[1],sys.argv[2]
def ctx(file,num):
    lines=open(REG+'/'+file).read().split('\n'); last=[]
    for l in lines:
        s=l.split('#')[0].strip()
        if not s: continue
        m=re.match(r'(\d+)\s+(.*)',s)
        if m:
            if m.group(1)==num: return last[:],m.group(2)
        else:
            if s.startswith('loadsgf'): last=[s]
            else: last.append(s)
setup,cmd=ctx(file,num)
q,V=cmd.split()[0],cmd.split()[1]
BIN=os.environ.get('BIN',os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','target','release','tesuji'))
def run(eng,cmds,trace=False):
    env=dict(os.environ)
    if trace: env['TESUJI_OWL_TRACE']='1'
    args=[BIN,'gtp'] if eng=='t' else ['/usr/games/gnugo','--mode','gtp','--quiet']
    r=subprocess.run(args,input="\n".join(cmds)+"\n",capture_output=True,text=True,cwd=REG,env=env)
    ans=[l[2:].strip() for l in r.stdout.split('\n') if l.startswith('=') or l.startswith('?')]
    return ans,r.stderr
def color_of():
    a,_=run('g',setup+['color '+V]); return a[-1]
dc=color_of()[0].upper(); ac='B' if dc=='W' else 'W'
moves=[]
def plays(): return [f"play {c} {m}" for c,m in moves]
def trace_root(stderr, side):
    # candidates and depth-0 results
    res=[]
    for l in stderr.split('\n'):
        m=re.match(r'owl  \| ([BW]) (\S+) -> (\d)',l)
        if m: res.append((m.group(2),int(m.group(3))))
    cands=[l for l in stderr.split('\n') if l.startswith('owl root')]
    return res,cands
# start: who to move? attack test -> attacker to move; defend test -> defender.
side='A' if q=='owl_attack' else 'D'
for step in range(12):
    cmdq='owl_attack' if side=='A' else 'owl_defend'
    ta,terr=run('t',setup+plays()+[f"{cmdq} {V}"],trace=True)
    ga,_=run('g',setup+plays()+[f"{cmdq} {V}"])
    res,c=trace_root(terr,side)
    print(f"[{' '.join(c+':'+m for c,m in moves)}] {cmdq}: ours {ta[-1]}  gnugo {ga[-1]}")
    ours_ok=not ta[-1].startswith('0'); gg_ok=not ga[-1].startswith('0')
    if ours_ok==gg_ok:
        print("  agree on result"); 
        if not ours_ok: break
        # both succeed; follow GNU Go's move? if moves differ, check ours does gnugo's
        gm=ga[-1].split()[1] if len(ga[-1].split())>1 else None
        if gm: print('  gnugo move',gm,'our result for it:',dict(res).get(gm,'not tried'))
        om=ta[-1].split()[1] if len(ta[-1].split())>1 else None
        if om and om!=gm and om!='PASS':
            gq='owl_does_attack' if side=='A' else 'owl_does_defend'
            gd,_=run('g',setup+plays()+[f"{gq} {om} {V}"])
            print(f'  gnugo {gq} {om}: {gd[-1]}')
            if gd[-1].startswith('0'):
                moves.append((ac if side=='A' else dc, om))
                q2='owl_defend' if side=='A' else 'owl_attack'
                ga2,_=run('g',setup+plays()+[f"{q2} {V}"])
                ta2,terr2=run('t',setup+plays()+[f"{q2} {V}"],trace=True)
                r2,c2=trace_root(terr2,side)
                if len(ga2[-1].split())>1:
                    rm=ga2[-1].split()[1]
                    inl=any((' '+rm+':') in (' '+x.split('candidates')[-1]) for x in c2)
                    print(f'  refutation {rm} (gnugo {q2} {ga2[-1]}); ours {q2} {ta2[-1]}; {rm} in our list {inl}; our result {dict(r2).get(rm)}')
                    if c2: print('   ',c2[-1][:260])
        break
    if gg_ok and not ours_ok:
        gm=ga[-1].split()[1]
        tried=dict(res)
        print(f"  GNU Go's {gm}: {'not in our root list' if gm not in tried else 'ours says '+str(tried[gm])}")
        if gm not in tried: print('  ',c[-1][:300] if c else ''); break
        # find our refutation of gm
        moves.append((dc if side=='D' else ac, gm))
        q2='owl_attack' if side=='D' else 'owl_defend'
        ta2,terr2=run('t',setup+plays()+[f"{q2} {V}"],trace=True)
        print(f"  after {gm}: our {q2} {ta2[-1]}")
        if ta2[-1].startswith('0') or len(ta2[-1].split())<2 or ta2[-1].split()[1]=='PASS':
            print('  inconsistent: our root search refuted it but a fresh search does not'); break
        moves.append((ac if side=='D' else dc, ta2[-1].split()[1]))
        continue
    if ours_ok and not gg_ok:
        om=ta[-1].split()[1]
        print(f"  our {om} works for us, GNU Go says none works"); 
        moves.append((dc if side=='D' else ac, om))
        q2='owl_attack' if side=='D' else 'owl_defend'
        ga2,_=run('g',setup+plays()+[f"{q2} {V}"])
        print(f"  after {om}: gnugo {q2} {ga2[-1]}")
        if ga2[-1].startswith('0'): print('  gnugo inconsistent'); break
        gm=ga2[-1].split()[1]
        ta3,terr3=run('t',setup+plays()+[f"{'owl_does_attack' if side=='D' else 'owl_does_defend'} {gm} {V}"],trace=True)
        res3,c3=trace_root(terr3,side)
        ta4,terr4=run('t',setup+plays()+[f"{q2} {V}"],trace=True)
        r4,c4=trace_root(terr4,side)
        inlist= any(gm in x for x in c4)
        print(f"  GNU Go refutes with {gm}; ours: does {ta3[-1]}; in our root list: {inlist}; our {q2}: {ta4[-1]}")
        if not ta3[-1].startswith('0'):
            print('  our search below the root did not find it (breadth/budget/candidates)'); 
            print('   ', c4[-1][:300] if c4 else '')
            break
        moves.append((ac if side=='D' else dc, gm))
        # now side stays the same (same side to move again)
        continue
